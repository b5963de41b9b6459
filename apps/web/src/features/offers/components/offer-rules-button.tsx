import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import type { RuledListing } from './offer-rules-dialog.tsx';

const OfferRulesDialog = lazy(() => import('./offer-rules-dialog.tsx'));

/** "Offers": the seller's automatic answers for one listing and its offer to those who saved it. */
export function OfferRulesButton({ listing }: { listing: RuledListing }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" disabled={!hydrated} onClick={() => setOpen(true)}>
        {t('offers.rules.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OfferRulesDialog listing={listing} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
