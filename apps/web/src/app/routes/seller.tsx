import {
  data,
  useLoaderData,
  useLocation,
  useNavigate,
  type LoaderFunctionArgs,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/locale.tsx';
import { logInPath } from '../../config/paths.ts';
import { isStandIn, useMe } from '../../lib/session.ts';
import { ReportButton } from '../../features/moderation/components/report-button.tsx';
import { SELLER_PROFILE_LISTINGS } from '@market/shared';
import { ApiError } from '../../lib/api-client.ts';
import { pageFrom } from '../../lib/paging.ts';
import { queryClientContext } from '../../lib/query-client.ts';
import { VerifiedBadge } from '../../features/catalog/components/listing-badges.tsx';
import {
  sellerProfileQueryOptions,
  useSellerProfile,
} from '../../features/reviews/api/get-seller-profile.ts';
import { sellerReviewsQueryOptions } from '../../features/reviews/api/get-seller-reviews.ts';
import { SellerHead } from '../../features/reviews/components/seller-head.tsx';
import { SellerReviews } from '../../features/reviews/components/seller-reviews.tsx';
import { SellerSummary } from '../../features/reviews/components/seller-summary.tsx';
import { EmptyState, ErrorState } from '../../components/ui/error-state.tsx';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { ProductResults } from '../product-results.tsx';
import { RESULTS_GRID } from '../product-results.tsx';

/**
 * Public, like a listing's page, so that a seller's profile can be shared. The profile and the
 * page of reviews the address asks for are fetched before the page shows; reviews that fail to
 * load say so in their own section, with Retry, under a profile that did load.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const sellerId = params.sellerId ?? '';
  const page = pageFrom(new URL(request.url));
  // One try: a failure shows in the reviews' own section, where Retry asks again.
  const reviews = queryClient.prefetchQuery({
    ...sellerReviewsQueryOptions(sellerId, { page }),
    retry: false,
  });
  try {
    await queryClient.ensureQueryData(sellerProfileQueryOptions(sellerId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw data(err.reason ?? err.message, { status: 404 });
    throw err;
  }
  await reviews;
  return { sellerId, page };
}

export function Component() {
  const { sellerId, page } = useLoaderData<typeof loader>();
  const profile = useSellerProfile(sellerId);
  const { t } = useTranslation();
  const format = useFormat();

  if (profile.isPending) return <FullScreenSpinner />;
  if (profile.isError) {
    return <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const seller = profile.data;
  return (
    <div className="flex flex-col gap-10 py-8">
      <SellerHead profile={seller} />
      <SellerSummary profile={seller} badge={<VerifiedBadge />} />
      <SellerReport sellerId={seller._id} sellerName={seller.name ?? t('sellerPage.thisSeller')} />

      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading" className="mb-4 text-xl font-semibold">
          {t('sellerPage.phonesOnOfferCount', { count: seller.listingCount })}
        </h2>
        {seller.listings.length === 0 ? (
          <EmptyState>{t('sellerPage.noPhones')}</EmptyState>
        ) : (
          <>
            <ProductResults
              items={seller.listings}
              view="cards"
              listLabel={t('sellerPage.phonesOnOffer')}
              gridLabel={t('sellerPage.phonesOnOffer')}
              gridClassName={RESULTS_GRID}
            />
            {seller.listingCount > seller.listings.length && (
              <p className="mt-4 text-sm text-base-content/80">
                {t('sellerPage.newestOf', {
                  shown: format.number(SELLER_PROFILE_LISTINGS),
                  total: format.number(seller.listingCount),
                })}
              </p>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="mb-2 text-xl font-semibold">
          {t('sellerPage.reviewsHeading', { count: seller.rating?.count ?? 0 })}
        </h2>
        <SellerReviews sellerId={sellerId} page={page} empty={t('sellerPage.noReviews')} />
      </section>
    </div>
  );
}

/**
 * "Report seller" under the profile, for anyone but the seller and admins (once the page knows
 * who looks); someone signed out logs in first.
 */
function SellerReport({ sellerId, sellerName }: { sellerId: string; sellerName: string }) {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const viewer = me.data ?? null;
  if (me.isPending || (viewer && (isStandIn(viewer) || viewer._id === sellerId))) return null;
  if (viewer?.role === 'admin') return null;
  return (
    <div>
      <ReportButton
        targetType="user"
        targetId={sellerId}
        targetName={sellerName}
        className="btn btn-ghost btn-sm"
        {...(viewer
          ? {}
          : { onLogIn: () => void navigate(logInPath(`${location.pathname}${location.search}`)) })}
      />
    </div>
  );
}
