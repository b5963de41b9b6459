import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PushRefused,
  currentPushSubscription,
  pushSupported,
  turnPushOff,
  turnPushOn,
} from '../api/device-push.ts';
import { reportError } from '../../../lib/errors.ts';

/** The switch that turns push notifications on or off for this device (this browser). */
export function PushDeviceSwitch() {
  const { t } = useTranslation();
  const [supported] = useState(pushSupported);
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    currentPushSubscription()
      .then((subscription) => !cancelled && setOn(subscription !== null))
      .catch(() => !cancelled && setOn(false));
    return () => {
      cancelled = true;
    };
  }, [supported]);

  const change = async (wanted: boolean) => {
    setBusy(true);
    setError(null);
    try {
      if (wanted) await turnPushOn();
      else await turnPushOff();
      setOn(wanted);
    } catch (err) {
      reportError('Turning push notifications on or off', err);
      setError(
        err instanceof PushRefused
          ? t('notificationSettings.push.blocked')
          : wanted
            ? t('notificationSettings.push.onFailed')
            : t('notificationSettings.push.offFailed'),
      );
      setOn(wanted ? false : true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-6 max-w-2xl rounded-box border border-base-300 p-4">
      <label className="flex min-h-12 cursor-pointer items-center justify-between gap-4">
        <span>
          <span className="block font-semibold">{t('notificationSettings.push.title')}</span>
          <span className="block text-sm text-base-content/80">
            {supported
              ? t('notificationSettings.push.supported')
              : t('notificationSettings.push.unsupported')}
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="toggle toggle-primary shrink-0"
          checked={on === true}
          disabled={!supported || on === null || busy}
          onChange={(e) => void change(e.target.checked)}
        />
      </label>
      {error && (
        <p role="alert" className="mt-2 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
