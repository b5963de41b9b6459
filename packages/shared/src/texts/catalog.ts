import type en from './en.ts';

/** The server's texts in one language: the English catalog's shape, which every language has. */
export type ServerCatalog = typeof en;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
/** A key as it is asked for: a plural's forms (`phones_one`, `phones_other`) are one key. */
type Asked<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;
type Keys<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${Asked<K>}`
    : Keys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every text of the server's catalogs, by its dotted key: a misspelt key does not compile. */
export type TextKey = Keys<ServerCatalog>;

/** A refusal's key, without the `refusals.` every refusal's key starts with ('common.listing.sold'). */
export type RefusalKey = TextKey extends infer K
  ? K extends `refusals.${infer Rest}`
    ? Rest
    : never
  : never;

/** Every text of a nested catalog by its dotted key ("notifications.saved_sold.title"). */
export function catalogTexts(catalog: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [k, v] of catalogTexts(value as object, path)) found.set(k, v);
  }
  return found;
}
