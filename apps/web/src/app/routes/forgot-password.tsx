import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** The email typed on the log-in page, when the person came from there. */
function emailFromLogIn(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string') {
    return state.email;
  }
  return '';
}

export function Component() {
  const location = useLocation();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md py-10">
      <PageTitle page={t('auth.forgot.title')} />
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">{t('auth.forgot.title')}</h1>
          <p className="text-base-content/80">{t('auth.forgot.intro')}</p>
          <ForgotPasswordForm initialEmail={emailFromLogIn(location.state)} />
          <Link
            to={paths.logIn}
            className="link link-primary inline-flex min-h-11 items-center text-sm"
          >
            {t('auth.forgot.back')}
          </Link>
        </div>
      </div>
    </section>
  );
}
