import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportableTargetType } from '@market/shared';
import { useHydrated } from '../../../lib/use-hydrated.ts';

// The dialog (its form and the schemas it checks with) loads when it is asked for.
const ReportDialog = lazy(() => import('./report-dialog.tsx'));

const BUTTON = {
  listing: 'moderation.report.listing',
  user: 'moderation.report.user',
  message: 'moderation.report.message',
} as const satisfies Record<ReportableTargetType, string>;

/**
 * "Report": a dialog with the reasons and an optional note, sent to the moderators. Someone
 * signed out is asked to log in first.
 */
export function ReportButton({
  targetType,
  targetId,
  targetName,
  onLogIn,
  className = 'btn btn-ghost btn-sm',
}: {
  targetType: ReportableTargetType;
  targetId: string;
  /** What the dialog's title names: the listing's or the seller's name. */
  targetName: string;
  /** Set for a visitor who is signed out: the button leads to log in. */
  onLogIn?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={!hydrated}
        onClick={() => (onLogIn ? onLogIn() : setOpen(true))}
      >
        {t(BUTTON[targetType])}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            targetType={targetType}
            targetId={targetId}
            targetName={targetName}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
