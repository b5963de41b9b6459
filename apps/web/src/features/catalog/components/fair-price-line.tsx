import { useFormat } from '../../../i18n/locale.tsx';
import { priceFactorText, type FairPrice, type PriceVerdict } from '@market/shared';

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
 * How the price compares with the same model and storage (and lock group) elsewhere on the
 * marketplace, when there are enough of them to say; what moves this phone's price against
 * them; and, far below the median, a calm word of care for the buyer.
 */
export function FairPriceLine({
  fairPrice,
  locked = false,
}: {
  fairPrice: FairPrice | null;
  /** The phone is locked to a carrier: its median is of locked phones. */
  locked?: boolean;
}) {
  const format = useFormat();
  if (!fairPrice) return null;
  const { median, count, verdict, factors, farBelow } = fairPrice;
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className={`badge ${VERDICT_STYLES[verdict]}`}>{VERDICT_LABELS[verdict]}</span>
        <span>
          {`Median ${format.price(median)} for this model and storage${locked ? ', locked to a carrier' : ''}, from ${count} sellers' listings and sales here of the last 90 days`}
        </span>
      </p>
      {factors.length > 0 && (
        <div className="text-sm">
          <p className="font-semibold">What moves this phone&apos;s price</p>
          <ul className="mt-1 flex flex-col gap-1" aria-label="What moves this phone's price">
            {factors.map((factor) => (
              <li key={factor.factor}>
                <span className={factor.effect < 0 ? 'text-error' : 'text-success'}>
                  {priceFactorText(factor)}
                </span>
                <span className="text-base-content/70">
                  {` (median of ${factor.inBand} such listings against ${factor.others} others)`}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-base-content/70">
            Each figure compares listings of the same model here, one thing at a time; other
            differences between them may count too.
          </p>
        </div>
      )}
      {farBelow && (
        <p role="note" className="alert alert-warning text-sm">
          This price is more than 35% below what the same phone usually sells for here. It may be a
          good deal; still, meet in person, in a public place, and never pay in advance: pay only
          once you hold the phone and the IMEI it shows (dial *#06#) is the one listed.
        </p>
      )}
    </div>
  );
}
