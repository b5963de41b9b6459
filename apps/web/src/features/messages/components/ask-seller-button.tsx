import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { AskedListing } from './ask-seller-dialog.tsx';

// The dialog (and the schemas it checks the message with) loads when it is asked for.
const AskSellerDialog = lazy(() => import('./ask-seller-dialog.tsx'));

const CHAT_ICON = 'M4 5h16v11H8l-4 4V5z';

/**
 * "Ask the seller": a buyer writes to the listing's seller in a dialog. Someone signed out is led
 * to log in instead (`onLogIn`), and comes back to the listing.
 */
export function AskSellerButton({
  listing,
  onLogIn,
  ready = true,
}: {
  listing: AskedListing;
  onLogIn?: () => void;
  /** False while the viewer is not known yet. */
  ready?: boolean;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* No colour transition: the button turns from disabled to enabled as the app takes the page
          over, and a fading colour is unreadable while it fades. */}
      <button
        type="button"
        className="btn btn-outline btn-primary btn-block transition-none"
        disabled={!hydrated || !ready}
        onClick={onLogIn ?? (() => setOpen(true))}
      >
        <LineIcon d={CHAT_ICON} size={18} />
        {t('messages.ask.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AskSellerDialog listing={listing} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
