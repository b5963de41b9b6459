import { useState } from 'react';
import { Link } from 'react-router';
import type { SellerReview } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { usePageParam } from '../../../components/ui/pager.tsx';
import { RatingStars, useRatingWords } from '../../../components/ui/rating-stars.tsx';
import { useTranslation } from 'react-i18next';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useSellerProfile } from '../../../features/reviews/api/get-seller-profile.ts';
import { ReplyDialog } from '../../../features/reviews/components/reply-dialog.tsx';
import { SellerReviews } from '../../../features/reviews/components/seller-reviews.tsx';

/** The seller's stars at a glance, and the way to the profile buyers see. */
function RatingSummary({ sellerId }: { sellerId: string }) {
  const profile = useSellerProfile(sellerId);
  const { t } = useTranslation();
  const words = useRatingWords();
  if (profile.isPending) return <SectionSpinner />;
  if (profile.isError) {
    return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const { rating, completedDeals } = profile.data;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-box bg-base-200 p-4">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {rating ? (
          <>
            <RatingStars average={rating.average} size={20} />
            <span className="font-semibold">
              {t('sellerPage.ratingLine', {
                average: t('sellerPage.outOf5', { average: words.rating(rating.average) }),
                reviews: words.reviews(rating.count),
              })}
            </span>
          </>
        ) : (
          <span className="font-semibold">{t('sellerPage.noReviewsYet')}</span>
        )}
        <span className="text-base-content/80">
          {t('sellerPage.deals', { count: completedDeals })}
        </span>
      </p>
      <Link to={paths.seller(sellerId)} className="link link-primary">
        {t('sellerPage.seeProfile')}
      </Link>
    </div>
  );
}

/** What buyers said about the seller's deals, newest first; each can be answered once. */
export function Component() {
  const me = useDashboardUser();
  const { t } = useTranslation();
  const page = usePageParam();
  const [replyingTo, setReplyingTo] = useState<SellerReview | null>(null);

  return (
    <section className="flex flex-col gap-6">
      <PageTitle page={t('myReviews.title')} />
      <h1 className="text-2xl font-bold">{t('myReviews.title')}</h1>
      <RatingSummary sellerId={me._id} />
      <SellerReviews
        sellerId={me._id}
        page={page}
        empty={t('myReviews.empty')}
        action={(review) =>
          review.reply ? null : (
            <div>
              <button type="button" className="btn btn-sm" onClick={() => setReplyingTo(review)}>
                {t('myReviews.reply')}
              </button>
            </div>
          )
        }
      />
      {replyingTo && <ReplyDialog review={replyingTo} onClose={() => setReplyingTo(null)} />}
    </section>
  );
}
