import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ResetPasswordForm,
  UsedResetLink,
} from '../../features/auth/components/reset-password-form.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

export function Component() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const token = params.get('token');
  // The emailed link passes through the server, which sends an invalid or expired token here
  // with ?error= instead of ?token=.
  const linkBroken = !token || params.has('error');
  return (
    <section className="mx-auto max-w-md py-10">
      <PageTitle page={t('auth.reset.title')} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">{t('auth.reset.title')}</h1>
          {linkBroken ? <UsedResetLink /> : <ResetPasswordForm token={token} />}
        </div>
      </div>
    </section>
  );
}
