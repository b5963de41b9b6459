import { formatPrice, isFarBelowMedian, type FairPrice, type PriceVerdict } from '@market/shared';

const VERDICT_LABELS: Record<PriceVerdict, string> = {
  low: 'Low price',
  fair: 'Fair price',
  high: 'High price',
};
const VERDICT_STYLES: Record<PriceVerdict, string> = {
  low: 'badge-info',
  fair: 'badge-success',
  high: 'badge-warning',
};

/**
 * How the price compares with the same model and storage elsewhere on the marketplace, when
 * there are enough of them to say; far below it, a word of care for the buyer.
 */
export function FairPriceLine({
  price,
  fairPrice,
}: {
  price: number;
  fairPrice: FairPrice | null;
}) {
  if (!fairPrice) return null;
  const { median, count, verdict } = fairPrice;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className={`badge ${VERDICT_STYLES[verdict]}`}>{VERDICT_LABELS[verdict]}</span>
        <span>
          {`Median ${formatPrice(median)} for this model and storage, from ${count} sellers' listings and sales here of the last 90 days`}
        </span>
      </p>
      {isFarBelowMedian(price, median) && (
        <p role="note" className="alert alert-warning text-sm">
          This price is far below what the same phone usually sells for. Meet in a public place,
          check that the IMEI the phone shows (dial *#06#) is the one listed, and pay only once you
          hold the phone.
        </p>
      )}
    </div>
  );
}
