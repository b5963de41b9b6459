import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { DistanceAway } from '../../../components/ui/distance-away.tsx';
import {
  NETWORK_UNLOCKED,
  formatStorage,
  type Formatters,
  yearsOfUse,
  type ListingPage,
  type Product,
} from '@market/shared';

/**
 * A phone's details as the listing's page and the cards show them, in one place: a detail added
 * to a listing is one row here for the page, and one for the cards when they show it too.
 */
export interface DetailRow {
  term: string;
  value: ReactNode;
  /** Classes of the value's cell, for values that need them (an unbroken place name). */
  className?: string;
}

/** The texts and formats of the page's language, which every row is written in. */
export interface Words {
  t: TFunction;
  format: Formatters;
}

function networkText({ t }: Words, networkLock: string | null): string {
  if (networkLock === null) return t('listing.notStated');
  return networkLock.toLowerCase() === NETWORK_UNLOCKED
    ? t('listing.unlocked')
    : t('listing.lockedTo', { carrier: networkLock });
}

function activationText({ t }: Words, off: boolean | null): string {
  if (off === null) return t('listing.notStated');
  return off ? t('listing.signedOutLockOff') : t('listing.stillSignedIn');
}

function paidOffText({ t }: Words, paidOff: boolean | null): string {
  if (paidOff === null) return t('listing.notStated');
  return paidOff ? t('listing.fullyPaidOff') : t('listing.beingPaidOff');
}

function warrantyText({ t }: Words, until: string | null): string {
  if (!until) return t('listing.noWarranty');
  const date = new Date(`${until}T00:00:00Z`);
  const [y, m, d] = until.split('-');
  const day = `${d}-${m}-${y}`;
  return date.getTime() < Date.now()
    ? t('listing.warrantyEnded', { day })
    : t('listing.warrantyUntil', { day });
}

function storageText({ t }: Words, storageGb: number | null): string {
  return storageGb === null ? t('listing.notGiven') : formatStorage(storageGb);
}

function batteryText({ t, format }: Words, batteryHealth: number | null): string {
  return batteryHealth === null
    ? t('listing.notGiven')
    : t('listing.percent', { percent: format.number(batteryHealth) });
}

function yesNo({ t }: Words, value: boolean | null): string {
  if (value === null) return t('listing.notStated');
  return value ? t('listing.yes') : t('listing.no');
}

const photoVerifiedBadge = ({ t }: Words) => (
  <span className="badge badge-success badge-sm">{t('listing.photoVerified')}</span>
);

/** Every detail, on the listing's page; what the seller did not give says so. */
export function pageDetails(listing: ListingPage, words: Words): DetailRow[] {
  const { t, format } = words;
  const notGiven = t('listing.notGiven');
  return [
    { term: t('listing.term.model'), value: listing.model ?? notGiven },
    { term: t('listing.term.imei'), value: listing.imeiGiven ? t('listing.imeiGiven') : notGiven },
    {
      term: t('listing.term.photoCheck'),
      value: listing.photoVerified ? photoVerifiedBadge(words) : t('listing.notDone'),
    },
    { term: t('listing.term.storage'), value: storageText(words, listing.storageGb) },
    { term: t('listing.term.colour'), value: listing.colour ?? notGiven },
    { term: t('listing.term.battery'), value: batteryText(words, listing.batteryHealth) },
    {
      term: t('listing.term.network'),
      value: networkText(words, listing.networkLock),
      className: 'wrap-anywhere',
    },
    { term: t('listing.term.findMy'), value: activationText(words, listing.activationLockOff) },
    { term: t('listing.term.paidOff'), value: paidOffText(words, listing.paidOff) },
    {
      term: t('listing.term.included'),
      value: listing.included.length === 0 ? t('listing.phoneOnly') : listing.included.join(', '),
    },
    { term: t('listing.term.warranty'), value: warrantyText(words, listing.warrantyUntil) },
    {
      term: t('listing.term.condition'),
      value: <span className="capitalize">{t(`listing.condition.${listing.condition}`)}</span>,
    },
    {
      term: t('listing.term.yearOfPurchase'),
      value: t('listing.yearOfPurchase', {
        year: format.count(listing.yearOfUse),
        years: format.number(yearsOfUse(listing.yearOfUse)),
      }),
    },
    { term: t('listing.term.category'), value: listing.Category },
    {
      term: t('listing.term.location'),
      value: (
        <>
          <span className="wrap-anywhere">{listing.location}</span>
          {listing.locationNote && (
            <span className="block text-base-content/80 wrap-anywhere">{listing.locationNote}</span>
          )}
          <DistanceAway lat={listing.placeLat} lon={listing.placeLon} />
        </>
      ),
    },
    {
      term: t('listing.term.posted'),
      value: `${format.dayMonthYear(listing.postedDate)} ${format.digits(listing.postedTime)}`,
    },
  ];
}

/** The details a card shows, shorter; those the seller left out say so. */
export function cardDetails(product: Product, words: Words): DetailRow[] {
  const { t, format } = words;
  return [
    {
      term: t('listing.term.yearsOfUse'),
      value: t('listing.yearsPlus', { years: format.number(yearsOfUse(product.yearOfUse)) }),
    },
    { term: t('listing.term.storage'), value: storageText(words, product.storageGb) },
    { term: t('listing.term.batteryShort'), value: batteryText(words, product.batteryHealth) },
    {
      term: t('listing.term.condition'),
      value: t(`listing.condition.${product.condition}`),
      className: 'capitalize',
    },
    {
      term: t('listing.term.network'),
      value:
        product.networkLock === null
          ? t('listing.notStated')
          : product.networkLock.toLowerCase() === NETWORK_UNLOCKED
            ? t('listing.unlocked')
            : t('listing.locked'),
    },
    { term: t('listing.term.signedOut'), value: yesNo(words, product.activationLockOff) },
    { term: t('listing.term.paidOff'), value: yesNo(words, product.paidOff) },
    { term: t('listing.term.location'), value: product.location, className: 'wrap-anywhere' },
    { term: t('listing.term.posted'), value: format.dayMonthYear(product.postedDate) },
    // Only when a moderator verified it: a card stays short.
    ...(product.photoVerified
      ? [{ term: t('listing.term.photoCheck'), value: photoVerifiedBadge(words) }]
      : []),
  ];
}
