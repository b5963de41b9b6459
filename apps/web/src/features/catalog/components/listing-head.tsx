import { formatPrice, type ListingPage, type ProductStatus } from '@market/shared';

const SITE = 'Phone Market';
const DESCRIPTION_LENGTH = 160;
/** Prices show in dollars (formatPrice); link previews and search engines are told so. */
const CURRENCY = 'USD';

const AVAILABILITY: Record<ProductStatus, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  sold: 'https://schema.org/SoldOut',
};

/** The page's description: price, condition, place and the start of the seller's text. */
export function listingDescription(listing: ListingPage): string {
  const facts = `${formatPrice(listing.resellPrice)}, ${listing.condition} condition, in ${listing.location}.`;
  const text = `${listing.name}: ${facts} ${listing.description}`.replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1)}…` : text;
}

/** schema.org Product with its Offer, as search engines read a listing. */
function structuredData(listing: ListingPage) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: listing.name,
    description: listing.description || listingDescription(listing),
    image: [listing.coverUrl],
    category: listing.Category,
    ...(listing.colour ? { color: listing.colour } : {}),
    itemCondition: 'https://schema.org/UsedCondition',
    url: listing.pageUrl,
    offers: {
      '@type': 'Offer',
      url: listing.pageUrl,
      price: listing.resellPrice.toFixed(2),
      priceCurrency: CURRENCY,
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
  const title = `${listing.name} · ${SITE}`;
  const description = listingDescription(listing);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content={SITE} />
      <meta property="og:title" content={listing.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={listing.pageUrl} />
      <meta property="og:image" content={listing.coverUrl} />
      <meta property="og:image:alt" content={listing.name} />
      <meta property="product:price:amount" content={listing.resellPrice.toFixed(2)} />
      <meta property="product:price:currency" content={CURRENCY} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={listing.name} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={listing.coverUrl} />
      <link rel="canonical" href={listing.pageUrl} />
      <script
        type="application/ld+json"
        // Data, not code: the browser never runs it, and the text cannot close the element.
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(structuredData(listing)) }}
      />
    </>
  );
}
