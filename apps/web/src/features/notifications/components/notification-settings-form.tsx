import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  notificationKindLabel,
  optionalKindsFor,
  type Language,
  type NotificationSettings,
  type Role,
} from '@market/shared';
import { reportError, useDescribeError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner, SubmitButton } from '../../../components/ui/spinner.tsx';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings.ts';

function SettingsForm({ role, saved }: { role: Role; saved: NotificationSettings }) {
  const { t, i18n } = useTranslation();
  const describeError = useDescribeError();
  const update = useUpdateNotificationSettings();
  const kinds = optionalKindsFor(role);
  const labelOf = (kind: (typeof kinds)[number]) =>
    notificationKindLabel(kind, i18n.language as Language);
  // An absent kind is on: that is how the server treats it too.
  const [email, setEmail] = useState(() =>
    Object.fromEntries(kinds.map((kind) => [kind, saved.email[kind] ?? true])),
  );
  const [push, setPush] = useState(() =>
    Object.fromEntries(kinds.map((kind) => [kind, saved.push[kind] ?? true])),
  );
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ email, push });
      toast.success(t('notificationSettings.saved'));
    } catch (err) {
      reportError('Saving email settings', err);
      setError(describeError(err));
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="max-w-2xl"
    >
      <fieldset className="rounded-box border border-base-300 p-4">
        <legend className="px-1 font-semibold">{t('notificationSettings.emailLegend')}</legend>
        <ul className="flex flex-col">
          {kinds.map((kind) => (
            <li key={kind}>
              <label className="flex min-h-12 cursor-pointer items-center justify-between gap-4 border-b border-base-200 py-2 last:border-b-0">
                <span className="text-sm">{labelOf(kind)}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="toggle toggle-primary shrink-0"
                  checked={email[kind] ?? true}
                  onChange={(e) => setEmail((now) => ({ ...now, [kind]: e.target.checked }))}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="mt-4 rounded-box border border-base-300 p-4">
        <legend className="px-1 font-semibold">{t('notificationSettings.pushLegend')}</legend>
        <ul className="flex flex-col">
          {kinds.map((kind) => (
            <li key={kind}>
              <label className="flex min-h-12 cursor-pointer items-center justify-between gap-4 border-b border-base-200 py-2 last:border-b-0">
                <span className="text-sm">{labelOf(kind)}</span>
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={t('notificationSettings.pushLabel', { label: labelOf(kind) })}
                  className="toggle toggle-primary shrink-0"
                  checked={push[kind] ?? true}
                  onChange={(e) => setPush((now) => ({ ...now, [kind]: e.target.checked }))}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="mt-3 text-sm text-base-content/80">{t('notificationSettings.explain')}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm text-error">
          {error}
        </p>
      )}
      <SubmitButton busy={update.isPending} className="btn btn-primary mt-4">
        {t('notificationSettings.save')}
      </SubmitButton>
    </form>
  );
}

/** A switch for each kind of email a person of this role gets and may turn off, saved together. */
export function NotificationSettingsForm({ role }: { role: Role }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  if (settings.isPending) return <SectionSpinner />;
  if (settings.isError) {
    return (
      <ErrorState
        title={t('notificationSettings.loadFailed')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <SettingsForm role={role} saved={settings.data} />;
}
