import type { ReactNode } from 'react';
import { MESSAGES, checkedSalesText, showUpText, type SellerProfile } from '@market/shared';
import { RatingStars, formatRating, reviewCount } from '../../../components/ui/rating-stars.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { replyTimeText } from './reply-time.ts';

/**
 * Who the seller is and how they deal: their picture and name (with `badge`, the verified mark,
 * passed in by the page), then their stars, completed deals, usual reply time and listings.
 */
export function SellerSummary({ profile, badge }: { profile: SellerProfile; badge?: ReactNode }) {
  const name = profile.name || MESSAGES.noName;
  const replyTime = replyTimeText(profile.replyMinutes);
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
          <p className="text-sm text-base-content/80">Member since {profile.memberSince}</p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
          <div>
            <dt className="text-base-content/80">Rating</dt>
            <dd className="flex flex-wrap items-center gap-x-2 font-semibold">
              {profile.rating ? (
                <>
                  <RatingStars average={profile.rating.average} />
                  <span>{`${formatRating(profile.rating.average)} · ${reviewCount(profile.rating.count)}`}</span>
                </>
              ) : (
                'No reviews yet'
              )}
            </dd>
          </div>
          <div>
            <dt className="text-base-content/80">Completed deals</dt>
            <dd className="font-semibold">{profile.completedDeals.toLocaleString('en-US')}</dd>
            {profile.showUp && (
              <dd className="text-base-content/80">{showUpText(profile.showUp)}</dd>
            )}
            {profile.completedDeals > 0 && (
              <dd className="text-sm">
                {checkedSalesText(profile.checkedDeals, profile.completedDeals)}
              </dd>
            )}
          </div>
          <div>
            <dt className="text-base-content/80">Usually replies</dt>
            <dd className="font-semibold">{replyTime ?? 'Not enough messages yet'}</dd>
          </div>
          <div>
            <dt className="text-base-content/80">Phones on offer</dt>
            <dd className="font-semibold">{profile.listingCount.toLocaleString('en-US')}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
