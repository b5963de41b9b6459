// Plain functions without schemas: the listing page uses them.

import { formatStorage } from './format.ts';

/** The network lock of a phone that works with any carrier; anything else names the carrier. */
export const NETWORK_UNLOCKED = 'unlocked';

/** Whether a network lock names a carrier (anything but 'unlocked'); null: not stated. */
export function isCarrierLocked(networkLock: string | null): boolean | null {
  if (networkLock === null) return null;
  return networkLock.trim().toLowerCase() !== NETWORK_UNLOCKED;
}

/**
 * Sellers with comparable listings a median needs before a listing page shows it (each seller
 * counts once, so no one seller sets a median).
 */
export const FAIR_PRICE_MIN_COUNT = 3;
/** Sales completed here count towards the median for this long after their sale. */
export const FAIR_PRICE_WINDOW_DAYS = 90;
/** Within this share of the median either way, a price is fair. */
export const FAIR_PRICE_BAND = 0.2;
/**
 * Below this share of the median (more than 35% below it), the page asks the buyer to take care,
 * and a listing of an account younger than NEW_ACCOUNT_DAYS goes to the moderators.
 */
export const FAR_BELOW_MEDIAN = 0.65;
/** An account younger than this posting a price far below the median is reported. */
export const NEW_ACCOUNT_DAYS = 7;

export const PRICE_VERDICTS = ['low', 'fair', 'high'] as const;
export type PriceVerdict = (typeof PRICE_VERDICTS)[number];

/** How a price compares with the median of comparable listings. */
export function priceVerdict(price: number, median: number): PriceVerdict {
  if (price < median * (1 - FAIR_PRICE_BAND)) return 'low';
  if (price > median * (1 + FAIR_PRICE_BAND)) return 'high';
  return 'fair';
}

/** A price so far below the median that the phone may not be what it seems. */
export function isFarBelowMedian(price: number, median: number): boolean {
  return price < median * FAR_BELOW_MEDIAN;
}

/** What moves a phone's price against its comparables, in the order the page lists them. */
export const PRICE_FACTORS = ['battery', 'condition', 'storage', 'lock'] as const;
export type PriceFactorName = (typeof PRICE_FACTORS)[number];

/** Listings each side of a factor needs before its effect is shown. */
export const PRICE_FACTOR_MIN_SIDE = 3;

/** A listing as the price factors read it. */
export interface PriceComparable {
  priceCents: number;
  storageGb: number | null;
  networkLock: string | null;
  batteryHealth: number | null;
  condition: string;
}

/** One factor's effect: the median of the listings in this phone's band less that of the rest. */
export interface PriceFactor {
  factor: PriceFactorName;
  /** The phone's band, as the page says it ("battery below 80%"). */
  label: string;
  /** Whole dollars, signed: negative when listings in the band sell for less. */
  effect: number;
  /** Listings in the band, and the others it is set against. */
  inBand: number;
  others: number;
}

/** The battery bands the factors compare. */
export function batteryBand(health: number): string {
  if (health < 80) return 'battery below 80%';
  if (health < 90) return 'battery 80–89%';
  return 'battery 90% or more';
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The key's lock group: locked to a carrier, or not (unlocked or not stated). */
const lockGroup = (c: PriceComparable) => isCarrierLocked(c.networkLock) === true;

/**
 * How each factor moves the price of `phone` against `pool` (other listings of its category and
 * model, counted as the median counts them). Each factor compares the pool's listings that differ
 * from the phone only in the factor's own dimension as far as the key goes:
 * - battery and condition: the phone's comparables (same storage and lock group), split by the
 *   phone's battery band, or its condition;
 * - storage: the same lock group, every storage, split by the phone's storage;
 * - lock: the same storage, split by stated lock (not stated is left out).
 * The effect is the median price of the listings in the phone's band less the median of the
 * rest, in whole dollars; a factor is left out when the phone's own value is not stated, when
 * either side has fewer than PRICE_FACTOR_MIN_SIDE listings, or when the effect rounds to $0.
 */
export function priceFactors(
  phone: PriceComparable,
  pool: readonly PriceComparable[],
): PriceFactor[] {
  const sameKey = pool.filter(
    (c) => c.storageGb === phone.storageGb && lockGroup(c) === lockGroup(phone),
  );
  const phoneLock = isCarrierLocked(phone.networkLock);
  const candidates: Array<{
    factor: PriceFactorName;
    label: string | null;
    among: readonly PriceComparable[];
    band: (c: PriceComparable) => string | null;
  }> = [
    {
      factor: 'battery',
      label: phone.batteryHealth === null ? null : batteryBand(phone.batteryHealth),
      among: sameKey,
      band: (c) => (c.batteryHealth === null ? null : batteryBand(c.batteryHealth)),
    },
    {
      factor: 'condition',
      label: `${phone.condition} condition`,
      among: sameKey,
      band: (c) => `${c.condition} condition`,
    },
    {
      factor: 'storage',
      label: phone.storageGb === null ? null : `${formatStorage(phone.storageGb)} storage`,
      among: pool.filter((c) => lockGroup(c) === lockGroup(phone)),
      band: (c) => (c.storageGb === null ? null : `${formatStorage(c.storageGb)} storage`),
    },
    {
      factor: 'lock',
      label: phoneLock === null ? null : phoneLock ? 'locked to a carrier' : 'unlocked',
      among: pool.filter((c) => c.storageGb === phone.storageGb),
      band: (c) => {
        const locked = isCarrierLocked(c.networkLock);
        return locked === null ? null : locked ? 'locked to a carrier' : 'unlocked';
      },
    },
  ];
  const factors: PriceFactor[] = [];
  for (const { factor, label, among, band } of candidates) {
    if (label === null) continue;
    const inBand: number[] = [];
    const others: number[] = [];
    for (const c of among) {
      const b = band(c);
      if (b === null) continue;
      (b === label ? inBand : others).push(c.priceCents);
    }
    if (inBand.length < PRICE_FACTOR_MIN_SIDE || others.length < PRICE_FACTOR_MIN_SIDE) continue;
    const effect = Math.round((medianOf(inBand) - medianOf(others)) / 100);
    if (effect === 0) continue;
    factors.push({ factor, label, effect, inBand: inBand.length, others: others.length });
  }
  return factors;
}
