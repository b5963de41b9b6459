import {
  INCLUDED_ITEMS,
  type CategoryName,
  type IncludedItem,
  type newProductSchema,
  type productPatchSchema,
} from '@market/shared';
import type { z } from 'zod';
import type { NewProductRow, ProductUpdate } from '../../db/schema.ts';
import { centsToDollars, dollarsToCents } from '../../lib/money.ts';
import type { ProductViewRow } from './product-view.ts';

/** The fields a seller writes, as the add and edit bodies carry them (each may be left out). */
type Written = z.output<typeof productPatchSchema>;

/**
 * One field of a listing: the columns it is stored in (`write`, from the add or edit body) and
 * its value on a card (`read`, from the stored row). A field that is only written here (the
 * model, which only the listing page shows) or only read (the cover, which the photos decide)
 * has one side.
 */
interface FieldMapping<V> {
  write?: (value: V) => ProductUpdate;
  read?: (row: ProductViewRow) => unknown;
}

/**
 * A listing's fields, once: adding one to listings is one entry here (with its schema in
 * `packages/shared` and its column in the database). Photos and the IMEI are not plain columns
 * and are written by the listings service itself.
 */
export const productFields = {
  name: { write: (name) => ({ name }), read: (row) => row.name },
  location: { write: (location) => ({ location }), read: (row) => row.location },
  yearOfUse: {
    write: (yearOfPurchase) => ({ yearOfPurchase }),
    read: (row) => row.yearOfPurchase,
  },
  // The column references categories.name, which only ever holds the spec's category names.
  Category: { write: (category) => ({ category }), read: (row) => row.category as CategoryName },
  condition: { write: (condition) => ({ condition }), read: (row) => row.condition },
  description: { write: (description) => ({ description }), read: (row) => row.description },
  imgURL: { read: (row) => row.imgUrl },
  originalPrice: {
    write: (dollars) => ({ originalPriceCents: dollarsToCents(dollars) }),
    read: (row) => centsToDollars(row.originalPriceCents),
  },
  resellPrice: {
    write: (dollars) => ({ resellPriceCents: dollarsToCents(dollars) }),
    read: (row) => centsToDollars(row.resellPriceCents),
  },
  storageGb: { write: (storageGb) => ({ storageGb }), read: (row) => row.storageGb },
  colour: { write: (colour) => ({ colour }), read: (row) => row.colour },
  batteryHealth: {
    write: (batteryHealth) => ({ batteryHealth }),
    read: (row) => row.batteryHealth,
  },
  networkLock: { write: (networkLock) => ({ networkLock }), read: (row) => row.networkLock },
  activationLockOff: {
    write: (off) => ({ activationLockOff: off === null ? null : off ? 1 : 0 }),
    read: (row) => readStated(row.activationLockOff),
  },
  paidOff: {
    write: (paid) => ({ paidOff: paid === null ? null : paid ? 1 : 0 }),
    read: (row) => readStated(row.paidOff),
  },
  included: {
    write: (items) => ({ included: items.join(',') }),
    read: (row) => readIncluded(row.included),
  },
  warrantyUntil: {
    write: (warrantyUntil) => ({ warrantyUntil }),
    read: (row) => row.warrantyUntil,
  },
  model: { write: (model) => ({ model }) },
  // Written by the listings service, which checks the place and copies its centre.
  placeId: { read: (row) => row.placeId },
  locationNote: { write: (locationNote) => ({ locationNote }), read: (row) => row.locationNote },
} satisfies { [F in keyof Written]?: FieldMapping<Exclude<Written[F], undefined>> };

type Fields = typeof productFields;
type WrittenField = {
  [F in keyof Fields]: Fields[F] extends { write: unknown } ? F : never;
}[keyof Fields];
type ReadField = {
  [F in keyof Fields]: Fields[F] extends { read: unknown } ? F : never;
}[keyof Fields];

/** The listing's fields as a card shows them, from its stored row. */
export type ReadFields = {
  [F in ReadField]: Fields[F] extends { read: (row: ProductViewRow) => infer V } ? V : never;
};

/** The columns for the fields that were given (null clears one; a field left out stays). */
export function columnsOf(fields: Partial<Pick<Written, WrittenField>>): ProductUpdate {
  const columns: ProductUpdate = {};
  for (const [field, mapping] of Object.entries(productFields)) {
    const value = fields[field as WrittenField];
    if (value === undefined || !('write' in mapping)) continue;
    // Each entry's `write` takes its own field's value, which `satisfies` checks above.
    Object.assign(columns, (mapping.write as (value: unknown) => ProductUpdate)(value));
  }
  return columns;
}

/** The columns every new listing has, from the add body (which requires their fields). */
type RequiredColumns = Pick<
  NewProductRow,
  | 'name'
  | 'location'
  | 'yearOfPurchase'
  | 'category'
  | 'condition'
  | 'description'
  | 'originalPriceCents'
  | 'resellPriceCents'
>;

/** A new listing's columns for the fields of the add body. */
export function newListingColumns(
  fields: z.output<typeof newProductSchema>,
): RequiredColumns & ProductUpdate {
  // newProductSchema requires each field these columns come from, so columnsOf wrote them.
  return columnsOf(fields) as RequiredColumns & ProductUpdate;
}

/** The fields a card shows, read from the stored row. */
export function readFields(row: ProductViewRow): ReadFields {
  const fields: Record<string, unknown> = {};
  for (const [field, mapping] of Object.entries(productFields)) {
    if ('read' in mapping) fields[field] = mapping.read(row);
  }
  // Every readable entry was read above, each with its own `read`.
  return fields as ReadFields;
}

/** A yes/no the seller states, as either database stores it; null: not stated. */
export function readStated(stored: boolean | number | null): boolean | null {
  return stored === null ? null : stored === true || stored === 1;
}

/** The stored comma list, keeping only items the marketplace knows. */
export function readIncluded(stored: string): IncludedItem[] {
  return stored
    .split(',')
    .filter((item): item is IncludedItem => (INCLUDED_ITEMS as readonly string[]).includes(item));
}
