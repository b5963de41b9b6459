import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from './action-dialog.tsx';

/**
 * Asks before the page is left while `when()` says there is something to lose: the browser's
 * own question on reload, close or an outside link; this dialog on a link within the app.
 * `when` is read at the moment of leaving, so a save that moves on by itself is not stopped.
 */
export function LeaveGuard({
  when,
  title,
  message,
}: {
  when: () => boolean;
  title: string;
  message: string;
}) {
  const { t } = useTranslation();
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  }, [when]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && whenRef.current(),
  );

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!whenRef.current()) return;
      event.preventDefault();
      // Older browsers show the question only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  if (blocker.state !== 'blocked') return null;
  return (
    <ActionDialog title={title} onClose={() => blocker.reset()}>
      {(close) => (
        <div className="space-y-4">
          <p className="text-sm">{message}</p>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn" onClick={close}>
              {t('dialog.stay')}
            </button>
            <button type="button" className="btn btn-primary" onClick={() => blocker.proceed()}>
              {t('dialog.leave')}
            </button>
          </div>
        </div>
      )}
    </ActionDialog>
  );
}
