import { MESSAGES, type SellerProfile } from '@market/shared';
import { formatRating, reviewCount } from '../../../components/ui/rating-stars.tsx';

const SITE = 'Phone Market';

/** The profile's one-line description, for search results and link previews. */
export function sellerDescription(profile: SellerProfile): string {
  const stars = profile.rating
    ? `${formatRating(profile.rating.average)} stars from ${reviewCount(profile.rating.count)}`
    : 'no reviews yet';
  const deals = `${profile.completedDeals} completed ${profile.completedDeals === 1 ? 'deal' : 'deals'}`;
  return `Used phones from ${profile.name || MESSAGES.noName} on ${SITE}: ${stars}, ${deals}, ${profile.listingCount} on offer.`;
}

/** The profile's title, description and link-preview tags; the server writes them in the page. */
export function SellerHead({ profile }: { profile: SellerProfile }) {
  const title = `${profile.name || MESSAGES.noName} · Seller on ${SITE}`;
  const description = sellerDescription(profile);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={profile.pageUrl} />
      <link rel="canonical" href={profile.pageUrl} />
    </>
  );
}
