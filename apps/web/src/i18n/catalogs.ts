import type { Language } from '@market/shared';
import type en from './locales/en.json';

/** A language's texts; the English catalog is the shape every catalog has (a test checks). */
export type Catalog = typeof en;

/**
 * Each language's catalog is a chunk of its own, loaded by the page that needs it: a page ships
 * only its own language. The Bangla module brings the Bangla font's stylesheet with it.
 */
const loaders = {
  en: () => import('./en.ts'),
  bn: () => import('./bn.ts'),
} satisfies Record<Language, () => Promise<{ default: Catalog }>>;

/**
 * The catalog modules' paths from the web app's root, which are their keys in the build's
 * manifest: the server links a page's catalog chunk and its stylesheets by them.
 */
export const CATALOG_MODULE_IDS = {
  en: 'src/i18n/en.ts',
  bn: 'src/i18n/bn.ts',
} as const satisfies Record<Language, string>;

export async function loadCatalog(language: Language): Promise<Catalog> {
  return (await loaders[language]()).default;
}
