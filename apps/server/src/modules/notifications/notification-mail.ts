import { NOTIFICATION_KIND_LABELS, type NotificationKind, paths } from '@market/shared';

export const PRODUCT_NAME = 'Phone Market';
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

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it: names and messages are people's input and never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The page that confirms turning this kind of email off. */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The API call a mail program posts to for a one-click unsubscribe. */
export function unsubscribeApiUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${UNSUBSCRIBE_API_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * The site's colours (apps/web/src/index.css, the daisyUI theme "market"), so that an email
 * looks like the site it comes from.
 */
export const MAIL_COLOURS = {
  page: '#f4f6f8', // base-200
  card: '#ffffff', // base-100
  text: '#1a202c', // base-content
  primary: '#0f766e', // primary
  onPrimary: '#ffffff', // primary-content
  line: '#e5e9ee', // base-300
  muted: '#4a5361', // base-content at 80 %, on white
} as const;

const c = MAIL_COLOURS;
const paragraph = (content: string, style = '') =>
  `<p style="margin:0 0 12px;${style}">${content}</p>`;

/** The page an email sits on, with the site's name at the top: the same in every email. */
function htmlPage(title: string, content: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:24px;background:${c.page};font-family:Arial,Helvetica,sans-serif;color:${c.text};">`,
    `<div style="max-width:560px;margin:0 auto;background:${c.card};border:1px solid ${c.line};border-radius:12px;padding:24px;">`,
    paragraph(escapeHtml(PRODUCT_NAME), `font-weight:bold;color:${c.primary};`),
    ...content,
    '</div></body></html>',
  ].join('\n');
}

function button(href: string, label: string): string {
  return paragraph(
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 16px;background:${c.primary};color:${c.onPrimary};text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>`,
  );
}

function footer(reason: string, links: readonly [string, string][]): string[] {
  return [
    `<hr style="border:none;border-top:1px solid ${c.line};margin:24px 0 12px;">`,
    paragraph(escapeHtml(reason), `font-size:12px;color:${c.muted};`),
    paragraph(
      links
        .map(
          ([href, label]) =>
            `<a href="${escapeHtml(href)}" style="color:${c.muted};">${escapeHtml(label)}</a>`,
        )
        .join(' · '),
      `font-size:12px;color:${c.muted};`,
    ),
  ];
}

/**
 * One notification as an email, in plain text and HTML with the same content: what happened,
 * the link to it, why it came, and how to stop this kind.
 */
export function renderNotificationMail(input: NotificationMailInput): RenderedMail {
  const open = `${input.publicUrl}${input.link}`;
  const settings = `${input.publicUrl}${SETTINGS_PATH}`;
  const unsubscribe = unsubscribePageUrl(input.publicUrl, input.unsubscribeToken);
  const reason = `You get this email because "${NOTIFICATION_KIND_LABELS[input.kind]}" is on in your ${PRODUCT_NAME} notification settings.`;

  const text = [
    `Hello ${input.recipientName},`,
    '',
    input.title,
    ...(input.body ? [input.body] : []),
    '',
    `Open it on ${PRODUCT_NAME}: ${open}`,
    '',
    '--',
    reason,
    `Stop these emails: ${unsubscribe}`,
    `Choose which emails you get: ${settings}`,
  ].join('\n');

  const e = escapeHtml;
  const html = htmlPage(input.title, [
    paragraph(`Hello ${e(input.recipientName)},`),
    paragraph(e(input.title), 'font-size:18px;font-weight:bold;'),
    input.body ? paragraph(e(input.body).replace(/\n/g, '<br>')) : '',
    button(open, `Open it on ${PRODUCT_NAME}`),
    ...footer(reason, [
      [unsubscribe, 'Stop these emails'],
      [settings, 'Choose which emails you get'],
    ]),
  ]);

  return { subject: input.title, text, html };
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
  const subject = `${n} more ${n === 1 ? 'notification' : 'notifications'} on ${PRODUCT_NAME}`;
  const open = `${input.publicUrl}${NOTIFICATIONS_PATH}`;
  const settings = `${input.publicUrl}${SETTINGS_PATH}`;
  const intro = `You had ${MAIL_PER_HOUR} emails from us within an hour, so the next ones come together:`;
  const reason = `You get this email because these notifications are on in your ${PRODUCT_NAME} notification settings.`;
  const text = [
    `Hello ${input.recipientName},`,
    '',
    intro,
    ...input.titles.map((title) => `- ${title}`),
    '',
    `See them all on ${PRODUCT_NAME}: ${open}`,
    '',
    '--',
    reason,
    `Choose which emails you get: ${settings}`,
  ].join('\n');
  const e = escapeHtml;
  const html = htmlPage(subject, [
    paragraph(`Hello ${e(input.recipientName)},`),
    paragraph(e(intro)),
    `<ul style="margin:0 0 12px;padding-left:20px;">${input.titles.map((title) => `<li style="margin:0 0 6px;">${e(title)}</li>`).join('')}</ul>`,
    button(open, `See them all on ${PRODUCT_NAME}`),
    ...footer(reason, [[settings, 'Choose which emails you get']]),
  ]);
  return { subject, text, html };
}
