import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { OfferedListing } from './make-offer-dialog.tsx';

// The dialog (and the schemas it checks the offer with) loads when it is asked for.
const MakeOfferDialog = lazy(() => import('./make-offer-dialog.tsx'));

/** "Make an offer": a buyer offers a price for an available listing, in a dialog. */
export function MakeOfferButton({
  listing,
  ready = true,
  className = 'btn btn-outline btn-block',
}: {
  listing: OfferedListing;
  /** False while the viewer or their marks are not known yet. */
  ready?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={!hydrated || !ready}
        onClick={() => setOpen(true)}
      >
        {t('offers.make')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <MakeOfferDialog listing={listing} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
