import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { pathInLanguage, type SellerProfile } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { useRatingWords } from '../../../components/ui/rating-stars.tsx';

type RatingWords = ReturnType<typeof useRatingWords>;

/** The profile's one-line description, for search results and link previews. */
export function sellerDescription(
  profile: SellerProfile,
  t: TFunction,
  words: RatingWords,
): string {
  return t('sellerPage.description', {
    name: profile.name || t('sellerPage.noName'),
    site: t('site.name'),
    rating: profile.rating
      ? t('sellerPage.descriptionRated', {
          average: words.rating(profile.rating.average),
          reviews: words.reviews(profile.rating.count),
        })
      : t('sellerPage.descriptionUnrated'),
    deals: t('sellerPage.deals', { count: profile.completedDeals }),
    listings: profile.listingCount,
  });
}

/**
 * The profile's title, description and link-preview tags, in the page's language and at its
 * address in that language; the server writes them in the page.
 */
export function SellerHead({ profile }: { profile: SellerProfile }) {
  const { t } = useTranslation();
  const format = useFormat();
  const words = useRatingWords();
  const title = t('sellerPage.title', {
    name: profile.name || t('sellerPage.noName'),
    site: t('site.name'),
  });
  const description = sellerDescription(profile, t, words);
  // The page's own address in its language: the Bangla page is not a copy of the English one.
  const pageUrl = new URL(profile.pageUrl);
  pageUrl.pathname = pathInLanguage(pageUrl.pathname, format.language);
  const url = pageUrl.href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="profile" />
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <link rel="canonical" href={url} />
    </>
  );
}
