import { describe, expect, it } from 'vitest';
import { batteryBand, isCarrierLocked, priceFactors, type PriceComparable } from '../src/index.ts';

/** A comparable of 128 GB, unlocked, good, 90% unless told otherwise; the price in dollars. */
const c = (dollars: number, extra: Partial<PriceComparable> = {}): PriceComparable => ({
  priceCents: dollars * 100,
  storageGb: 128,
  networkLock: 'unlocked',
  batteryHealth: 90,
  condition: 'good',
  ...extra,
});

const phone = (extra: Partial<PriceComparable> = {}) => c(0, extra);

describe('price factors', () => {
  it('bands batteries and reads the lock as stated', () => {
    expect([79, 80, 89, 90, 100].map(batteryBand)).toEqual([
      'battery below 80%',
      'battery 80–89%',
      'battery 80–89%',
      'battery 90% or more',
      'battery 90% or more',
    ]);
    expect(isCarrierLocked(null)).toBeNull();
    expect(isCarrierLocked('unlocked')).toBe(false);
    expect(isCarrierLocked(' Unlocked ')).toBe(false);
    expect(isCarrierLocked('Grameenphone')).toBe(true);
  });

  it('gives each factor the median of its band less the median of the rest', () => {
    const pool = [
      // Battery below 80%: 400, 410, 420 (median 410); 90% or more: 440, 450, 460, 470 (455).
      c(400, { batteryHealth: 75 }),
      c(410, { batteryHealth: 70, condition: 'fair' }),
      c(420, { batteryHealth: 78, condition: 'fair' }),
      c(440),
      c(450),
      c(460, { condition: 'fair' }),
      c(470, { condition: 'excellent' }),
      // 256 GB, unlocked: a storage factor of 128 GB against them.
      c(520, { storageGb: 256 }),
      c(530, { storageGb: 256 }),
      c(545, { storageGb: 256 }),
      // Locked 128 GB phones: not the phone's comparables, but the lock factor's other side.
      c(300, { networkLock: 'Robi' }),
      c(310, { networkLock: 'Robi' }),
      c(330, { networkLock: 'Banglalink' }),
      // Not stated: counted with the unlocked for the key, left out of the lock factor.
      c(380, { networkLock: null, batteryHealth: null }),
    ];
    const factors = priceFactors(phone({ batteryHealth: 76, condition: 'fair' }), pool);
    // Comparables (128 GB, not locked): 400 410 420 440 450 460 470 380 (8).
    // Battery: below 80% = 400 410 420 → 410; the rest with a battery = 440 450 460 470 → 455.
    // Condition fair: 410 420 460 → 420; the rest: 380 400 440 450 470 → 440.
    // Storage 128 GB (not locked): the 8 → (420 + 440) / 2 = 430; 256 GB: 530 → −100.
    // Lock, unlocked 128 GB: 400 410 420 440 450 460 470 → 440; locked: 300 310 330 → 310.
    expect(factors).toEqual([
      { factor: 'battery', label: 'battery below 80%', effect: -45, inBand: 3, others: 4 },
      { factor: 'condition', label: 'fair condition', effect: -20, inBand: 3, others: 5 },
      { factor: 'storage', label: '128 GB storage', effect: -100, inBand: 8, others: 3 },
      { factor: 'lock', label: 'unlocked', effect: 130, inBand: 7, others: 3 },
    ]);
  });

  it('leaves out a factor with fewer than three listings on a side, or none stated', () => {
    const pool = [
      c(400, { batteryHealth: 75 }),
      c(410, { batteryHealth: 70 }),
      c(440),
      c(450),
      c(460),
    ];
    // Two below 80%: no battery factor. Every comparable is in good condition: no other side.
    expect(priceFactors(phone({ batteryHealth: 76 }), pool)).toEqual([]);
    // A phone whose battery and lock are not stated has neither factor.
    const many = [...pool, c(405, { batteryHealth: 72 }), c(300, { networkLock: 'Robi' })];
    expect(
      priceFactors(phone({ batteryHealth: null, networkLock: null }), many).map((f) => f.factor),
    ).toEqual([]);
    expect(priceFactors(phone({ batteryHealth: 76 }), many).map((f) => f.factor)).toEqual([
      'battery',
    ]);
  });

  it('compares a locked phone with locked phones only, but for the lock factor', () => {
    const pool = [
      c(300, { networkLock: 'Robi', batteryHealth: 75 }),
      c(305, { networkLock: 'Robi', batteryHealth: 72 }),
      c(310, { networkLock: 'Robi', batteryHealth: 70 }),
      c(350, { networkLock: 'Robi' }),
      c(360, { networkLock: 'Robi' }),
      c(370, { networkLock: 'Banglalink' }),
      // Locked: 300 305 310 350 360 370 → 330; unlocked 200 210 220 → 210: +120 for the lock.
      // Unlocked phones below 80% would make the battery effect another if counted.
      c(200, { batteryHealth: 70 }),
      c(210, { batteryHealth: 70 }),
      c(220, { batteryHealth: 70 }),
    ];
    expect(priceFactors(phone({ networkLock: 'Robi', batteryHealth: 71 }), pool)).toEqual([
      { factor: 'battery', label: 'battery below 80%', effect: -55, inBand: 3, others: 3 },
      { factor: 'lock', label: 'locked to a carrier', effect: 120, inBand: 6, others: 3 },
    ]);
  });
});
