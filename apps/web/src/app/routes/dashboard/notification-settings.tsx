import { useTranslation } from 'react-i18next';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { NotificationSettingsForm } from '../../../features/notifications/components/notification-settings-form.tsx';
import { PushDeviceSwitch } from '../../../features/notifications/components/push-device-switch.tsx';

/** Which notifications also come by email. */
export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  return (
    <section>
      <PageTitle page={t('notifications.emailSettings')} />
      <h1 className="mb-2 text-2xl font-bold">{t('notifications.emailSettings')}</h1>
      <p className="mb-6 max-w-prose text-sm text-base-content/80">
        {t('notificationSettings.intro', { email: me.email })}
      </p>
      <PushDeviceSwitch />
      <NotificationSettingsForm role={me.role} />
    </section>
  );
}
