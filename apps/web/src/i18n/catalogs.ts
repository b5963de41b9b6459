import type { i18n as I18n } from 'i18next';
import type { Language } from '@market/shared';
import type en from './locales/en.json';
import type enAccount from './locales/account/en.json';

/**
 * A language's texts come in two catalogs, each the English one's shape in every language (a test
 * checks): the main catalog, which every page loads, and the account catalog, with the texts only
 * the dashboard shows, which loads with the dashboard's code. Their top-level sections differ, so
 * together they are one catalog: a key names the same text whichever catalog brought it.
 */
export type MainCatalog = typeof en;
export type AccountCatalog = typeof enAccount;
/** Every text a page may show, once the catalogs it needs have arrived. */
export type Catalog = MainCatalog & AccountCatalog;

/**
 * Each language's catalogs are chunks of their own, loaded by the pages that need them: a page
 * ships only its own language. The Bangla module brings the Bangla font's stylesheet with it.
 */
const loaders = {
  en: () => import('./en.ts'),
  bn: () => import('./bn.ts'),
} satisfies Record<Language, () => Promise<{ default: MainCatalog }>>;

const accountLoaders = {
  en: () => import('./en-account.ts'),
  bn: () => import('./bn-account.ts'),
} satisfies Record<Language, () => Promise<{ default: AccountCatalog }>>;

/**
 * The main catalog modules' paths from the web app's root, which are their keys in the build's
 * manifest: the server links a page's catalog chunk and its stylesheets by them.
 */
export const CATALOG_MODULE_IDS = {
  en: 'src/i18n/en.ts',
  bn: 'src/i18n/bn.ts',
} as const satisfies Record<Language, string>;

export async function loadCatalog(language: Language): Promise<MainCatalog> {
  return (await loaders[language]()).default;
}

export async function loadAccountCatalog(language: Language): Promise<AccountCatalog> {
  return (await accountLoaders[language]()).default;
}

/** The instances that have their account texts, or have them on the way. */
const accountTexts = new WeakMap<I18n, Promise<void>>();

/**
 * Adds the account catalog to an instance, once: the dashboard's routes wait for it before they
 * draw, as they wait for their code.
 */
export function withAccountTexts(i18n: I18n): Promise<void> {
  let added = accountTexts.get(i18n);
  if (!added) {
    const language = i18n.language as Language;
    added = loadAccountCatalog(language).then((catalog) => {
      i18n.addResourceBundle(language, 'translation', catalog, true, false);
    });
    // A failed load (the network dropped) is tried again by the next dashboard visit.
    added.catch(() => accountTexts.delete(i18n));
    accountTexts.set(i18n, added);
  }
  return added;
}
