import { describe, expect, it } from 'vitest';
import {
  IMEI_CHECK_DIGIT_MESSAGE,
  IMEI_LENGTH_MESSAGE,
  KNOWN_MODELS,
  hasValidImeiCheckDigit,
  imeiSchema,
  isFarBelowMedian,
  matchModels,
  modelFromName,
  modelKey,
  modelSchema,
  normalizeModel,
  priceVerdict,
  storageFromName,
} from '../src/index.ts';

describe('normalizeModel', () => {
  it.each([
    ['iphone13', 'iPhone 13'],
    ['IPhone 13 ', 'iPhone 13'],
    ['iPhone13', 'iPhone 13'],
    ['  iphone   13  ', 'iPhone 13'],
    ['iphone 13 pro max', 'iPhone 13 Pro Max'],
    ['IPHONE13PROMAX', 'iPhone 13 Pro Max'],
    ['iphone 14 plus', 'iPhone 14 Plus'],
    ['iPhone 14+', 'iPhone 14 Plus'],
    ['iphone se 2022', 'iPhone SE (2022)'],
    ['Apple iPhone 15 Pro', 'iPhone 15 Pro'],
    ['galaxy s23', 'Galaxy S23'],
    ['Galaxy S23', 'Galaxy S23'],
    ['GALAXY-S23', 'Galaxy S23'],
    ['s23 ultra', 'Galaxy S23 Ultra'],
    ['Samsung Galaxy S23 Ultra 256GB', 'Galaxy S23 Ultra'],
    ['galaxy s20 plus', 'Galaxy S20+'],
    ['Galaxy A54 5G', 'Galaxy A54'],
    ['galaxy z flip 5', 'Galaxy Z Flip5'],
    ['note 20 ultra', 'Galaxy Note20 Ultra'],
    ['redmi note 13 pro plus', 'Redmi Note 13 Pro+'],
    ['REALME 11 PRO+', 'realme 11 Pro+'],
    ['poco f5', 'Poco F5'],
  ])('%j is %j', (typed, model) => {
    expect(normalizeModel(typed)).toBe(model);
  });

  it.each([
    ['pixel8a', 'Pixel 8a'],
    ['PIXEL 8A', 'Pixel 8a'],
    ['  pixel   8a ', 'Pixel 8a'],
    ['oneplus 12r', 'OnePlus 12r'],
    ['nokia g42 5g', 'Nokia G42 5G'],
  ])('writes a model it does not know one way: %j is %j', (typed, model) => {
    expect(normalizeModel(typed)).toBe(model);
  });

  it('gives each known model back as it is, and is stable on its own answers', () => {
    for (const models of Object.values(KNOWN_MODELS)) {
      for (const model of models) {
        expect(normalizeModel(model)).toBe(model);
        expect(normalizeModel(model.toLowerCase().replaceAll(' ', ''))).toBe(model);
      }
    }
    for (const typed of ['pixel8a', 'nokia g42 5g', 'Xperia 1 V']) {
      const once = normalizeModel(typed);
      expect(normalizeModel(once)).toBe(once);
    }
  });

  it('never takes one spelling for two known models', () => {
    const owners = new Map<string, string>();
    for (const models of Object.values(KNOWN_MODELS)) {
      for (const model of models) {
        const key = modelKey(model);
        expect(owners.get(key), `${model} and ${owners.get(key)}`).toBeUndefined();
        owners.set(key, model);
      }
    }
  });

  it('is what the model field stores', () => {
    expect(modelSchema.parse(' iphone13 ')).toBe('iPhone 13');
    expect(modelSchema.safeParse('   ').success).toBe(false);
    expect(modelSchema.safeParse('x'.repeat(61)).success).toBe(false);
  });
});

describe('modelFromName', () => {
  it.each([
    ['iPhone 13 128GB', 'iPhone', 'iPhone 13'],
    ['Apple iPhone 13 Pro Max 256GB, blue', 'iPhone', 'iPhone 13 Pro Max'],
    ['iPhone SE (2022) 64GB', 'iPhone', 'iPhone SE (2022)'],
    ['iPhone13ProMax 256GB', 'iPhone', 'iPhone 13 Pro Max'],
    ['iphone xs max, gold', 'iPhone', 'iPhone XS Max'],
    ['iPhone 12 mini 64GB', 'iPhone', 'iPhone 12 mini'],
    ['Galaxy S23 Ultra 256GB', 'samsung', 'Galaxy S23 Ultra'],
    ['Samsung S21 FE, like new', 'samsung', 'Galaxy S21 FE'],
    ['Galaxy Z Flip5 256GB', 'samsung', 'Galaxy Z Flip5'],
    ['realme 11 Pro+ 256GB', 'realme', 'realme 11 Pro+'],
    ['Redmi Note 12 Pro 256GB', 'xiaomi', 'Redmi Note 12 Pro'],
    ['Xiaomi 13T Pro 512GB', 'xiaomi', 'Xiaomi 13T Pro'],
  ] as const)('finds the model in %j', (name, category, model) => {
    expect(modelFromName(name, category)).toBe(model);
  });

  it('finds none where the name names none, or another maker in a category', () => {
    expect(modelFromName('Bulk phone 3', 'iPhone')).toBeNull();
    expect(modelFromName('Galaxy S23', 'iPhone')).toBeNull();
    // A longer number is another model: "iPhone 130" is not the iPhone 13.
    expect(modelFromName('iPhone 130', 'iPhone')).toBeNull();
    expect(modelFromName('Galaxy S23', null)).toBe('Galaxy S23');
  });
});

describe('matchModels', () => {
  const models = ['iPhone 13', 'iPhone 13 Pro', 'iPhone 12', 'Galaxy S23', 'Galaxy A13'];

  it('matches without spaces or case, the ones that begin with it first', () => {
    expect(matchModels('iphone13', models, 10)).toEqual(['iPhone 13', 'iPhone 13 Pro']);
    expect(matchModels('13', models, 10)).toEqual(['iPhone 13', 'iPhone 13 Pro', 'Galaxy A13']);
    expect(matchModels('s23', models, 10)).toEqual(['Galaxy S23']);
    expect(matchModels('', models, 2)).toEqual(['iPhone 13', 'iPhone 13 Pro']);
  });

  it('names each model once, however it is spelled', () => {
    expect(matchModels('iphone', ['iPhone 13', 'iphone13', 'IPHONE 13'], 10)).toEqual([
      'iPhone 13',
    ]);
  });
});

/** A valid IMEI from its first 14 digits: the 15th is their Luhn check digit. */
function withCheckDigit(first14: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (hasValidImeiCheckDigit(`${first14}${digit}`)) return `${first14}${digit}`;
  }
  throw new Error('no check digit');
}

describe('IMEI', () => {
  it('knows the Luhn check digit', () => {
    expect(hasValidImeiCheckDigit('490154203237518')).toBe(true);
    expect(hasValidImeiCheckDigit('490154203237519')).toBe(false);
    expect(hasValidImeiCheckDigit('35209900176148' + '1')).toBe(true);
    expect(withCheckDigit('35693803564380')).toBe('356938035643809');
  });

  it('drops spaces and dashes as typed', () => {
    expect(imeiSchema.parse('49-015420-323751-8')).toBe('490154203237518');
    expect(imeiSchema.parse(' 4901 5420 3237 518 ')).toBe('490154203237518');
  });

  it.each([
    ['14 digits', '49015420323751', IMEI_LENGTH_MESSAGE],
    ['16 digits', '4901542032375180', IMEI_LENGTH_MESSAGE],
    ['a letter', '49015420323751A', IMEI_LENGTH_MESSAGE],
    ['empty', '', IMEI_LENGTH_MESSAGE],
    ['a wrong check digit', '490154203237519', IMEI_CHECK_DIGIT_MESSAGE],
  ])('refuses %s with its message', (_label, typed, message) => {
    const result = imeiSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('refuses a number', () => {
    const result = imeiSchema.safeParse(490154203237518);
    expect(result.error?.issues[0]?.message).toBe(IMEI_LENGTH_MESSAGE);
  });
});

describe('price verdicts', () => {
  it('is fair within 20% of the median either way', () => {
    expect(priceVerdict(80, 100)).toBe('fair');
    expect(priceVerdict(120, 100)).toBe('fair');
    expect(priceVerdict(79.99, 100)).toBe('low');
    expect(priceVerdict(120.01, 100)).toBe('high');
  });

  it('asks for care more than 35% below the median', () => {
    expect(isFarBelowMedian(64.99, 100)).toBe(true);
    expect(isFarBelowMedian(65, 100)).toBe(false);
    expect(isFarBelowMedian(6499, 10000)).toBe(true);
    expect(isFarBelowMedian(6500, 10000)).toBe(false);
  });
});

describe('storageFromName', () => {
  it.each([
    ['iPhone 13 128GB', 128],
    ['Apple iPhone 13 Pro Max 256 GB, blue', 256],
    ['Galaxy S24 Ultra 1TB', 1024],
    ['Pixel 8 8GB RAM 128gb', 128],
    ['iPhone 13', null],
    ['iPhone 13 100GB', null],
    ['iPhone 13 1280GB', null],
    ['Model 128GBX', null],
  ])('%s → %s', (name, gb) => {
    expect(storageFromName(name)).toBe(gb);
  });
});
