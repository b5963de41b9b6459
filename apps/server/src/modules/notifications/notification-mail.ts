import {
  DEFAULT_LANGUAGE,
  notificationKindLabel,
  pathInLanguage,
  paths,
  type Language,
  type NotificationKind,
} from '@market/shared';
import type { ServerTexts } from '@market/shared/texts';
import {
  PRODUCT_NAME,
  greeting,
  renderMail,
  siteUrl,
  type RenderedMail,
} from '../../lib/mail-template.ts';

export { PRODUCT_NAME, type RenderedMail };

/**
 * Notification emails one person gets on their own in any hour; past this, the rest wait and go
 * together in one digest at the top of the next hour (see outbox-worker.ts).
 */
export const MAIL_PER_HOUR = 5;
/** The web app's list of a person's notifications. */
export const NOTIFICATIONS_PATH = paths.dashboard.notifications;
/** The web app's notification settings page. */
export const SETTINGS_PATH = paths.dashboard.notificationSettings;
/** The web app's page that confirms an unsubscribe link. */
export const UNSUBSCRIBE_PAGE_PATH = paths.unsubscribe;
/** The API's unsubscribe call, for the List-Unsubscribe header (RFC 8058 one-click POST). */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';

export interface NotificationMailInput {
  kind: NotificationKind;
  recipientName: string;
  title: string;
  body: string;
  /** A path in the web app. */
  link: string;
  publicUrl: string;
  unsubscribeToken: string;
}

/** The page that confirms turning this kind of email off (in the recipient's language). */
export function unsubscribePageUrl(
  publicUrl: string,
  token: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const page = pathInLanguage(UNSUBSCRIBE_PAGE_PATH, language);
  return `${siteUrl(publicUrl, page)}?token=${encodeURIComponent(token)}`;
}

/** The API call a mail program posts to for a one-click unsubscribe. */
export function unsubscribeApiUrl(publicUrl: string, token: string): string {
  return `${siteUrl(publicUrl, UNSUBSCRIBE_API_PATH)}?token=${encodeURIComponent(token)}`;
}

/**
 * One notification as an email, in the recipient's language (`s`): what happened, the link to
 * it, why it came, and how to stop this kind.
 */
export function renderNotificationMail(s: ServerTexts, input: NotificationMailInput): RenderedMail {
  const site = PRODUCT_NAME;
  // The links open the pages in the email's language, on any device.
  const page = (path: string) => siteUrl(input.publicUrl, pathInLanguage(path, s.language));
  return renderMail({
    language: s.language,
    subject: input.title,
    greeting: greeting(s, input.recipientName),
    body: [{ heading: input.title }, { paragraph: input.body }],
    action: { label: s.t('mail.open', { site }), url: page(input.link) },
    footer: {
      reason: s.t('mail.reason', { label: notificationKindLabel(input.kind, s.language), site }),
      links: [
        {
          label: s.t('mail.stop'),
          url: unsubscribePageUrl(input.publicUrl, input.unsubscribeToken, s.language),
        },
        { label: s.t('mail.choose'), url: page(SETTINGS_PATH) },
      ],
    },
  });
}

export interface DigestMailInput {
  recipientName: string;
  /** What each folded email would have said: its subject. */
  titles: readonly string[];
  publicUrl: string;
}

/**
 * The emails past a person's hourly cap, together: what each was about, and the way to the
 * notification list where each one links to its page.
 */
export function renderDigestMail(s: ServerTexts, input: DigestMailInput): RenderedMail {
  const site = PRODUCT_NAME;
  const page = (path: string) => siteUrl(input.publicUrl, pathInLanguage(path, s.language));
  return renderMail({
    language: s.language,
    subject: s.t('mail.digestSubject', { count: input.titles.length, site }),
    greeting: greeting(s, input.recipientName),
    body: [
      { paragraph: s.t('mail.digestIntro', { perHour: s.format.number(MAIL_PER_HOUR) }) },
      { list: input.titles },
    ],
    action: {
      label: s.t('mail.digestAction', { site }),
      url: page(NOTIFICATIONS_PATH),
    },
    footer: {
      reason: s.t('mail.digestReason', { site }),
      links: [{ label: s.t('mail.choose'), url: page(SETTINGS_PATH) }],
    },
  });
}
