import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Role, User } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useLogOut } from '../../../lib/log-out.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

const A_ROLE: Record<Role, string> = { buyer: 'a buyer', seller: 'a seller', admin: 'an admin' };
const ROLE_PLURAL: Record<Role, string> = { buyer: 'buyers', seller: 'sellers', admin: 'admins' };

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
  const logOut = useLogOut({ stay: true });
  const otherRole = pageFor && pageFor !== me.role ? pageFor : undefined;

  return (
    <div className="rounded-box border border-info/40 bg-info/10 space-y-3 p-4">
      <p className="font-semibold">
        You are signed in as {A_ROLE[me.role]}
        {otherRole ? `; this page is for ${ROLE_PLURAL[otherRole]}` : ''}.
      </p>
      <p className="text-sm break-all">
        {me.name} ({me.email})
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.dashboard.root} className="btn btn-primary btn-sm">
          Back to the dashboard
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
