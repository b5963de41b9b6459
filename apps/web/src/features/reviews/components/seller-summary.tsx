import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SellerProfile } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { RatingStars, useRatingWords } from '../../../components/ui/rating-stars.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { replyTimeText } from './reply-time.ts';

/**
 * Who the seller is and how they deal: their picture and name (with `badge`, the verified mark,
 * passed in by the page), then their stars, completed deals, usual reply time and listings.
 */
export function SellerSummary({ profile, badge }: { profile: SellerProfile; badge?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useRatingWords();
  const name = profile.name || t('sellerPage.noName');
  const replyTime = replyTimeText(t, profile.replyMinutes);
  return (
    <section
      aria-labelledby="seller-name"
      className="flex flex-col gap-5 rounded-box bg-base-200 p-5 sm:flex-row sm:items-center"
    >
      <UserAvatar name={name} img={profile.img} size={96} lazy={false} />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div>
          <h1 id="seller-name" className="flex items-baseline gap-2 text-2xl font-bold sm:text-3xl">
            <span className="min-w-0 wrap-anywhere">{name}</span>
            {profile.verified && badge}
          </h1>
          <p className="text-sm text-base-content/80">
            {t('sellerPage.memberSince', { date: format.dayMonthYear(profile.memberSince) })}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
          <div>
            <dt className="text-base-content/80">{t('sellerPage.rating')}</dt>
            <dd className="flex flex-wrap items-center gap-x-2 font-semibold">
              {profile.rating ? (
                <>
                  <RatingStars average={profile.rating.average} />
                  <span>
                    {t('sellerPage.ratingLine', {
                      average: words.rating(profile.rating.average),
                      reviews: words.reviews(profile.rating.count),
                    })}
                  </span>
                </>
              ) : (
                t('sellerPage.noReviewsYet')
              )}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/80">{t('sellerPage.completedDeals')}</dt>
            <dd className="font-semibold">{format.number(profile.completedDeals)}</dd>
            {profile.showUp && (
              <dd className="text-base-content/80">
                {t('sellerPage.showUp', {
                  showed: format.number(profile.showUp.showed),
                  meetings: format.number(profile.showUp.meetings),
                })}
              </dd>
            )}
            {profile.completedDeals > 0 && (
              <dd className="text-sm">
                {t('sellerPage.checkedSales', {
                  count: profile.completedDeals,
                  checked: format.number(profile.checkedDeals),
                  total: format.number(profile.completedDeals),
                })}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-base-content/80">{t('sellerPage.usuallyReplies')}</dt>
            <dd className="font-semibold">{replyTime ?? t('sellerPage.notEnoughMessages')}</dd>
          </div>
          <div>
            <dt className="text-base-content/80">{t('sellerPage.phonesOnOffer')}</dt>
            <dd className="font-semibold">{format.number(profile.listingCount)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
