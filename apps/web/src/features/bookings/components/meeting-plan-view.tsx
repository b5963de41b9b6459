import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { MeetingPlan } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useMeetingPlan } from '../api/get-meeting-plan.ts';
import { spotMapUrl } from './meeting-spot-card.tsx';

/** A link that opens nothing: why, in the server's words, and what the page is. */
function Closed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-2">
      <p className="font-semibold wrap-anywhere">{message}</p>
      <p className="text-sm">{t('requests.plan.closedNote')}</p>
    </div>
  );
}

/**
 * A meeting plan as a shared link shows it to someone the buyer or the seller trusts: when,
 * where, which phone, and the first name of the person they meet. Nothing to contact anyone by.
 */
export function MeetingPlanView({ token }: { token: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const plan = useMeetingPlan(token);
  if (plan.isPending) return <SectionSpinner />;
  if (plan.isError) {
    if (plan.error instanceof ApiError && plan.error.status === 404) {
      return <Closed message={plan.error.message || t('requests.plan.noSuchPlan')} />;
    }
    return (
      <ErrorState
        title={t('requests.plan.openFailed')}
        error={plan.error}
        onRetry={() => void plan.refetch()}
      />
    );
  }
  const p = plan.data;
  // The meeting's time where it takes place, with the zone's name, as the parties agreed it.
  const meetingTime = (p: MeetingPlan) => format.zoned(p.meetingAt, p.timeZone, 'long');
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <p className="text-sm wrap-anywhere">
          <Trans
            i18nKey={
              p.sharedBy === 'buyer' ? 'requests.plan.intro_buyer' : 'requests.plan.intro_seller'
            }
            values={{ name: p.otherFirstName }}
            components={{ strong: <strong /> }}
          />
        </p>
        {p.status === 'completed' && (
          <p className="badge badge-success badge-outline">{t('requests.plan.done')}</p>
        )}
        <div className="flex flex-col gap-4 sm:flex-row">
          <img
            src={p.imageUrl}
            alt={p.productName}
            className="h-40 w-40 shrink-0 rounded-box bg-base-200 object-contain"
          />
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] content-start gap-x-3 gap-y-2">
            <dt className="text-base-content/80">{t('requests.plan.phone')}</dt>
            <dd className="font-semibold wrap-anywhere">{p.productName}</dd>
            <dt className="text-base-content/80">{t('requests.plan.when')}</dt>
            <dd className="font-semibold">{meetingTime(p)}</dd>
            <dt className="text-base-content/80">{t('requests.plan.where')}</dt>
            <dd className="wrap-anywhere">
              {p.spot ? (
                <span className="flex flex-col gap-1">
                  <span className="font-semibold">{p.spot.name}</span>
                  <span>{p.spot.address}</span>
                  <span className="text-sm text-base-content/80">
                    {t('requests.plan.spotIn', {
                      kind: t(`requests.spotKind.${p.spot.kind}`),
                      area: p.spot.area,
                      hours: p.spot.openingHours,
                    })}
                  </span>
                  <a
                    className="link link-primary text-sm"
                    href={spotMapUrl(p.spot)}
                    target="_blank"
                    rel="noreferrer noopener"
                  >
                    {t('requests.spots.map')}
                  </a>
                </span>
              ) : (
                p.place
              )}
            </dd>
            <dt className="text-base-content/80">{t('requests.plan.with')}</dt>
            <dd className="wrap-anywhere">{p.otherFirstName}</dd>
          </dl>
        </div>
        <p className="text-sm text-base-content/80">
          {t('requests.plan.ends', { time: format.zoned(p.expiresAt, p.timeZone, 'short') })}{' '}
          <Link to={paths.meetingSpots} className="link">
            {t('requests.plan.safePlaces')}
          </Link>
        </p>
      </div>
    </article>
  );
}
