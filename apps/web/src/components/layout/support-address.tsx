import { Trans, useTranslation } from 'react-i18next';

/**
 * The support address as a mail link, or, when the operator gave none (SUPPORT_EMAIL), what to
 * do instead.
 */
export function SupportAddress({
  supportEmail,
  className = 'link link-primary break-all',
}: {
  supportEmail: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!supportEmail) return <p>{t('session.support.none')}</p>;
  return (
    <p>
      <Trans
        i18nKey="session.support.email"
        values={{ email: supportEmail }}
        components={{ mail: <a href={`mailto:${supportEmail}`} className={className} /> }}
      />
    </p>
  );
}
