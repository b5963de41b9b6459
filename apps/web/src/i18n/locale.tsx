import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { DEFAULT_CURRENCY, formatters, type Formatters, type Language } from '@market/shared';

const FormatContext = createContext<Formatters>(formatters('en', DEFAULT_CURRENCY));

/**
 * The page's language and currency: its texts (i18next) and its numbers, dates and prices (the
 * one formatter), for every component below.
 */
export function LocaleProvider({
  i18n,
  currency,
  children,
}: {
  i18n: I18n;
  currency: string;
  children: ReactNode;
}) {
  const language = i18n.language as Language;
  const format = useMemo(() => formatters(language, currency), [language, currency]);
  return (
    <I18nextProvider i18n={i18n}>
      <FormatContext.Provider value={format}>{children}</FormatContext.Provider>
    </I18nextProvider>
  );
}

/** Numbers, dates and prices in the page's language and the operator's currency. */
export function useFormat(): Formatters {
  return useContext(FormatContext);
}
