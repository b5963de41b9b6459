import type { ReactNode } from 'react';
import { DistanceAway } from '../../../components/ui/distance-away.tsx';
import {
  IMEI_GIVEN,
  NETWORK_UNLOCKED,
  PHOTO_VERIFIED,
  formatStorage,
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

const NOT_GIVEN = 'Not given';
/** What the seller has not said of the lock and money status: never assumed either way. */
const NOT_STATED = 'Not stated';

function networkText(networkLock: string | null): string {
  if (networkLock === null) return NOT_STATED;
  return networkLock.toLowerCase() === NETWORK_UNLOCKED ? 'Unlocked' : `Locked to ${networkLock}`;
}

function activationText(off: boolean | null): string {
  if (off === null) return NOT_STATED;
  return off ? 'Signed out (activation lock off)' : 'Still signed in';
}

function paidOffText(paidOff: boolean | null): string {
  if (paidOff === null) return NOT_STATED;
  return paidOff ? 'Fully paid off' : 'Still being paid off';
}

function warrantyText(until: string | null): string {
  if (!until) return 'None';
  const date = new Date(`${until}T00:00:00Z`);
  const [y, m, d] = until.split('-');
  return date.getTime() < Date.now() ? `Ended ${d}-${m}-${y}` : `Until ${d}-${m}-${y}`;
}

function storageText(storageGb: number | null): string {
  return storageGb === null ? NOT_GIVEN : formatStorage(storageGb);
}

function batteryText(batteryHealth: number | null): string {
  return batteryHealth === null ? NOT_GIVEN : `${batteryHealth}%`;
}

/** Every detail, on the listing's page; what the seller did not give says so. */
export function pageDetails(listing: ListingPage): DetailRow[] {
  return [
    { term: 'Model', value: listing.model ?? NOT_GIVEN },
    { term: 'IMEI', value: listing.imeiGiven ? IMEI_GIVEN : NOT_GIVEN },
    {
      term: 'Photo check',
      value: listing.photoVerified ? (
        <span className="badge badge-success badge-sm">{PHOTO_VERIFIED}</span>
      ) : (
        'Not done'
      ),
    },
    { term: 'Storage', value: storageText(listing.storageGb) },
    { term: 'Colour', value: listing.colour ?? NOT_GIVEN },
    { term: 'Battery health', value: batteryText(listing.batteryHealth) },
    { term: 'Network', value: networkText(listing.networkLock), className: 'wrap-anywhere' },
    { term: 'Find My / Google', value: activationText(listing.activationLockOff) },
    { term: 'Paid off', value: paidOffText(listing.paidOff) },
    {
      term: 'Included',
      value: listing.included.length === 0 ? 'Phone only' : listing.included.join(', '),
    },
    { term: 'Warranty', value: warrantyText(listing.warrantyUntil) },
    { term: 'Condition', value: <span className="capitalize">{listing.condition}</span> },
    {
      term: 'Year of purchase',
      value: `${listing.yearOfUse} (${yearsOfUse(listing.yearOfUse)}+ years of use)`,
    },
    { term: 'Category', value: listing.Category },
    {
      term: 'Location',
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
    { term: 'Posted', value: `${listing.postedDate} ${listing.postedTime}` },
  ];
}

/** The details a card shows, shorter; those the seller left out say so. */
export function cardDetails(product: Product): DetailRow[] {
  return [
    { term: 'Years of use', value: `${yearsOfUse(product.yearOfUse)}+` },
    { term: 'Storage', value: storageText(product.storageGb) },
    { term: 'Battery', value: batteryText(product.batteryHealth) },
    { term: 'Condition', value: product.condition, className: 'capitalize' },
    {
      term: 'Network',
      value:
        product.networkLock === null
          ? NOT_STATED
          : product.networkLock.toLowerCase() === NETWORK_UNLOCKED
            ? 'Unlocked'
            : 'Locked',
    },
    {
      term: 'Signed out',
      value:
        product.activationLockOff === null ? NOT_STATED : product.activationLockOff ? 'Yes' : 'No',
    },
    {
      term: 'Paid off',
      value: product.paidOff === null ? NOT_STATED : product.paidOff ? 'Yes' : 'No',
    },
    { term: 'Location', value: product.location, className: 'wrap-anywhere' },
    { term: 'Posted', value: product.postedDate },
    // Only when a moderator verified it: a card stays short.
    ...(product.photoVerified
      ? [
          {
            term: 'Photo check',
            value: <span className="badge badge-success badge-sm">{PHOTO_VERIFIED}</span>,
          },
        ]
      : []),
  ];
}
