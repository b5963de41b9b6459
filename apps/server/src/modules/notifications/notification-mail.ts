import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@market/shared';

export const PRODUCT_NAME = 'Phone Market';
/** The web app's notification settings page. */
export const SETTINGS_PATH = '/dashboard/settings/notifications';
/** The web app's page that confirms an unsubscribe link. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
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
  const paragraph = (content: string, style = '') =>
    `<p style="margin:0 0 12px;${style}">${content}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=device-width"><title>${e(input.title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;">',
    paragraph(e(PRODUCT_NAME), 'font-weight:bold;color:#4f46e5;'),
    paragraph(`Hello ${e(input.recipientName)},`),
    paragraph(e(input.title), 'font-size:18px;font-weight:bold;'),
    input.body ? paragraph(e(input.body).replace(/\n/g, '<br>')) : '',
    paragraph(
      `<a href="${e(open)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#ffffff;text-decoration:none;border-radius:6px;">Open it on ${e(PRODUCT_NAME)}</a>`,
    ),
    '<hr style="border:none;border-top:1px solid #e4e4e7;margin:24px 0 12px;">',
    paragraph(e(reason), 'font-size:12px;color:#52525b;'),
    paragraph(
      `<a href="${e(unsubscribe)}" style="color:#52525b;">Stop these emails</a> · <a href="${e(settings)}" style="color:#52525b;">Choose which emails you get</a>`,
      'font-size:12px;color:#52525b;',
    ),
    '</div></body></html>',
  ].join('\n');

  return { subject: input.title, text, html };
}

/** An address shown to whoever holds a link, partly hidden: "a***@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
