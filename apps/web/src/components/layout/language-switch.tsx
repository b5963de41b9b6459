import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, pathInLanguage, type Language } from '@market/shared';
import { rememberLanguage } from '../../i18n/remember.ts';

/**
 * The same page in the other language, named in that language (English / বাংলা). It is a plain
 * link: the page loads anew with only that language's texts, and the choice is remembered.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { i18n, t } = useTranslation();
  const location = useLocation();
  const other: Language = i18n.language === 'bn' ? 'en' : 'bn';
  return (
    <a
      href={pathInLanguage(`${location.pathname}${location.search}`, other)}
      hrefLang={other}
      lang={other}
      title={t('nav.otherLanguage')}
      className={`btn btn-ghost btn-sm min-h-11 px-2 md:min-h-0 ${className}`}
      onClick={() => rememberLanguage(other)}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
