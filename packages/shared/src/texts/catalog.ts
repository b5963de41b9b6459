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
