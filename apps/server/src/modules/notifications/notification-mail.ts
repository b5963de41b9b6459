import { NOTIFICATION_KIND_LABELS, type NotificationKind, paths } from '@market/shared';
import { PRODUCT_NAME, renderMail, siteUrl, type RenderedMail } from '../../lib/mail-template.ts';

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

/** The page that confirms turning this kind of email off. */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${siteUrl(publicUrl, UNSUBSCRIBE_PAGE_PATH)}?token=${encodeURIComponent(token)}`;
}

/** The API call a mail program posts to for a one-click unsubscribe. */
export function unsubscribeApiUrl(publicUrl: string, token: string): string {
  return `${siteUrl(publicUrl, UNSUBSCRIBE_API_PATH)}?token=${encodeURIComponent(token)}`;
}

/**
 * One notification as an email: what happened, the link to it, why it came, and how to stop
 * this kind.
 */
export function renderNotificationMail(input: NotificationMailInput): RenderedMail {
  const reason = `You get this email because "${NOTIFICATION_KIND_LABELS[input.kind]}" is on in your ${PRODUCT_NAME} notification settings.`;
  return renderMail({
    subject: input.title,
    recipientName: input.recipientName,
    body: [{ heading: input.title }, { paragraph: input.body }],
    action: { label: `Open it on ${PRODUCT_NAME}`, url: siteUrl(input.publicUrl, input.link) },
    footer: {
      reason,
      links: [
        {
          label: 'Stop these emails',
          url: unsubscribePageUrl(input.publicUrl, input.unsubscribeToken),
        },
        { label: 'Choose which emails you get', url: siteUrl(input.publicUrl, SETTINGS_PATH) },
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
export function renderDigestMail(input: DigestMailInput): RenderedMail {
  const n = input.titles.length;
  return renderMail({
    subject: `${n} more ${n === 1 ? 'notification' : 'notifications'} on ${PRODUCT_NAME}`,
    recipientName: input.recipientName,
    body: [
      {
        paragraph: `You had ${MAIL_PER_HOUR} emails from us within an hour, so the next ones come together:`,
      },
      { list: input.titles },
    ],
    action: {
      label: `See them all on ${PRODUCT_NAME}`,
      url: siteUrl(input.publicUrl, NOTIFICATIONS_PATH),
    },
    footer: {
      reason: `You get this email because these notifications are on in your ${PRODUCT_NAME} notification settings.`,
      links: [
        { label: 'Choose which emails you get', url: siteUrl(input.publicUrl, SETTINGS_PATH) },
      ],
    },
  });
}
