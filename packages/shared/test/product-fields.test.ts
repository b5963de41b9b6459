import { describe, expect, it } from 'vitest';
import { SELLER_FIELDS } from '../src/index.ts';

describe('SELLER_FIELDS', () => {
  it('are the add body fields a listing page answers as written', () => {
    expect([...SELLER_FIELDS].sort()).toEqual(
      [
        'Category',
        'activationLockOff',
        'batteryHealth',
        'colour',
        'condition',
        'description',
        'imgURL',
        'included',
        'location',
        'locationNote',
        'model',
        'name',
        'networkLock',
        'originalPrice',
        'paidOff',
        'placeId',
        'resellPrice',
        'storageGb',
        'warrantyUntil',
        'yearOfUse',
      ].sort(),
    );
  });
});
