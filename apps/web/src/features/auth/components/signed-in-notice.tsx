import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role, User } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useLogOut } from '../../../lib/log-out.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * Said on the log-in and registration pages to someone already signed in, in place of a bare
 * form: who they are, whose page they were sent from, and the ways on. `switchLabel` names the
 * button that signs out first and then shows the form; `children` add ways of the page's own.
 */
export function SignedInNotice({
  me,
  pageFor,
  switchLabel,
  children,
}: {
  me: User;
  /** The role of the page the person was sent here from, when it was not theirs. */
  pageFor?: Role;
  switchLabel: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const logOut = useLogOut({ stay: true });
  const otherRole = pageFor && pageFor !== me.role ? pageFor : undefined;

  return (
    <div className="rounded-box border border-info/40 bg-info/10 space-y-3 p-4">
      <p className="font-semibold">
        {otherRole
          ? t('auth.signedIn.asForOthers', {
              role: t(`auth.signedIn.aRole.${me.role}`),
              others: t(`auth.signedIn.roles.${otherRole}`),
            })
          : t('auth.signedIn.as', { role: t(`auth.signedIn.aRole.${me.role}`) })}
      </p>
      <p className="text-sm break-all">
        {t('auth.signedIn.who', { name: me.name, email: me.email })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.dashboard.root} className="btn btn-primary btn-sm">
          {t('auth.signedIn.dashboard')}
        </Link>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={!hydrated || logOut.isPending}
          onClick={() => logOut.mutate()}
        >
          {switchLabel}
        </button>
        {children}
      </div>
    </div>
  );
}
