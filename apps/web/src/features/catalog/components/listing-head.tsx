import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  pathInLanguage,
  type Formatters,
  type ListingPage,
  type ProductStatus,
} from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';

const DESCRIPTION_LENGTH = 160;

const AVAILABILITY: Record<ProductStatus, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

/** The page's description: price, condition, place and the start of the seller's text. */
function listingDescription(listing: ListingPage, t: TFunction, format: Formatters): string {
  const text = t('listing.metaDescription', {
    name: listing.name,
    price: format.price(listing.resellPrice),
    condition: t(`listing.condition.${listing.condition}`),
    location: listing.location,
    description: listing.description,
  })
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1)}…` : text;
}

/** schema.org Product with its Offer, as search engines read a listing. */
function structuredData(
  listing: ListingPage,
  { description, url, currency }: { description: string; url: string; currency: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.name,
    description: listing.description || description,
    image: [listing.coverUrl],
    category: listing.Category,
    ...(listing.colour ? { color: listing.colour } : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: listing.resellPrice.toFixed(2),
      priceCurrency: currency,
      availability: AVAILABILITY[listing.status],
      itemCondition: 'https://schema.org/UsedCondition',
      seller: { '@type': 'Person', name: listing.userName ?? 'Seller' },
    },
  };
}

/** JSON inside a script element: nothing in it may end the element early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * The listing's title, description and link-preview tags (Open Graph, Twitter) with the cover
 * photo, and its structured data. React puts title and meta elements into the head; the server
 * writes them there in the page it draws, which is what link previews read.
 */
export function ListingHead({ listing }: { listing: ListingPage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const title = t('title.page', { page: listing.name });
  const description = listingDescription(listing, t, format);
  // The page's own address in its language: the Bangla page is not a copy of the English one.
  const pageUrl = new URL(listing.pageUrl);
  pageUrl.pathname = pathInLanguage(pageUrl.pathname, format.language);
  const url = pageUrl.href;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content={t('site.name')} />
      <meta property="og:title" content={listing.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={listing.coverUrl} />
      <meta property="og:image:alt" content={listing.name} />
      <meta property="product:price:amount" content={listing.resellPrice.toFixed(2)} />
      <meta property="product:price:currency" content={format.currency} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={listing.name} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={listing.coverUrl} />
      <link rel="canonical" href={url} />
      <script
        type="application/ld+json"
        // Data, not code: the browser never runs it, and the text cannot close the element.
        dangerouslySetInnerHTML={{
          __html: scriptSafeJson(
            structuredData(listing, { description, url, currency: format.currency }),
          ),
        }}
      />
    </>
  );
}
