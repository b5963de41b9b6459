import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, pathInLanguage, type Language } from '@market/shared';
import { rememberLanguage } from '../../i18n/remember.ts';
import { apiSend } from '../../lib/api-client.ts';
import { isStandIn, useMe } from '../../lib/session.ts';

/** Longest a signed-in switch waits for the account to save the choice before the page goes. */
const SAVE_WAIT_MS = 3_000;

/**
 * The same page in the other language, named in that language (English / বাংলা). It is a plain
 * link: the page loads anew with only that language's texts, and the choice is remembered on
 * this device and, for someone signed in, in their account (their emails and notifications
 * come in it, and other devices open in it once signed in).
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { i18n, t } = useTranslation();
  const location = useLocation();
  const me = useMe();
  const other: Language = i18n.language === 'bn' ? 'en' : 'bn';
  const href = pathInLanguage(`${location.pathname}${location.search}`, other);
  const signedIn = me.data != null && !isStandIn(me.data);

  function choose(event: MouseEvent<HTMLAnchorElement>) {
    rememberLanguage(other);
    if (!signedIn || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      return;
    }
    // The account keeps the choice too; the page goes on whether or not that worked.
    event.preventDefault();
    const go = () => window.location.assign(href);
    const timeout = AbortSignal.timeout(SAVE_WAIT_MS);
    apiSend('/me/language', { method: 'PUT', body: { language: other }, signal: timeout }).then(
      go,
      go,
    );
  }

  return (
    <a
      href={href}
      hrefLang={other}
      lang={other}
      title={t('nav.otherLanguage')}
      className={`btn btn-ghost btn-sm min-h-11 px-2 md:min-h-0 ${className}`}
      onClick={choose}
    >
      {LANGUAGE_NAMES[other]}
    </a>
  );
}
