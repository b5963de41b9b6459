/**
 * The one layout of every email the marketplace sends: the site's name at the top, a greeting,
 * the body, one button (a link line in the text part), paragraphs after it, and a footer that
 * says why the email came with the links to stop it where that applies. The plain-text and the
 * HTML part are written from the same content, and only here is text escaped for HTML.
 */

import type { ServerTexts } from '@market/shared/texts';

export const PRODUCT_NAME = 'Phone Market';

/** "Hello {name}," in the recipient's language. */
export function greeting(s: ServerTexts, recipientName: string): string {
  return s.t('mail.greeting', { name: recipientName });
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

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailLink {
  label: string;
  /** An absolute address: see `siteUrl`. */
  url: string;
}

/** One part of an email's body: a line in bold, a paragraph (its line breaks kept), or a list. */
export type MailBlock = { heading: string } | { paragraph: string } | { list: readonly string[] };

export interface MailContent {
  /** The language it is written in, for the HTML part's `lang`. */
  language: string;
  subject: string;
  /** The first line, greeting the person by name: "Hello {name},". */
  greeting: string;
  /** What the email says, one block of lines in the text part. */
  body: readonly MailBlock[];
  /** The one thing to do: a button in HTML, "label: url" in text. */
  action: MailLink;
  /** Paragraphs after the button. */
  closing?: readonly string[];
  /** Why the email came, and the links to choose or stop such emails. */
  footer?: { reason: string; links: readonly MailLink[] };
}

/** A page of the web app (a path from `paths` in @market/shared) at the site's public origin. */
export function siteUrl(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`;
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

/** Line breaks of any kind (CRLF, a bare CR, LF) as LF. */
const lines = (text: string) => text.replace(/\r\n?/g, '\n');
/** A line that must stay one line (a subject, a name, a label): breaks become spaces. */
const oneLine = (text: string) => text.replace(/\r\n?|\n/g, ' ');

function textBlock(block: MailBlock): string[] {
  if ('heading' in block) return [oneLine(block.heading)];
  if ('paragraph' in block) return block.paragraph ? [lines(block.paragraph)] : [];
  return block.list.map((item) => `- ${oneLine(item)}`);
}

/** The plain-text part. */
function renderText(mail: MailContent): string {
  const footer = mail.footer;
  return [
    oneLine(mail.greeting),
    '',
    ...mail.body.flatMap(textBlock),
    '',
    `${oneLine(mail.action.label)}: ${mail.action.url}`,
    ...(mail.closing?.length ? ['', ...mail.closing.map(lines)] : []),
    ...(footer
      ? [
          '',
          '--',
          oneLine(footer.reason),
          ...footer.links.map((link) => `${oneLine(link.label)}: ${link.url}`),
        ]
      : []),
  ].join('\n');
}

const c = MAIL_COLOURS;
const e = escapeHtml;
const paragraph = (content: string, style = '') =>
  `<p style="margin:0 0 12px;${style}">${content}</p>`;
/** A paragraph of people's text: escaped, its line breaks kept. */
const htmlLines = (text: string) => e(lines(text)).replace(/\n/g, '<br>');

function htmlBlock(block: MailBlock): string[] {
  if ('heading' in block) {
    return [paragraph(e(oneLine(block.heading)), 'font-size:18px;font-weight:bold;')];
  }
  if ('paragraph' in block) return block.paragraph ? [paragraph(htmlLines(block.paragraph))] : [];
  const items = block.list.map((item) => `<li style="margin:0 0 6px;">${e(oneLine(item))}</li>`);
  return [`<ul style="margin:0 0 12px;padding-left:20px;">${items.join('')}</ul>`];
}

function button({ url, label }: MailLink): string {
  return paragraph(
    `<a href="${e(url)}" style="display:inline-block;padding:10px 16px;background:${c.primary};color:${c.onPrimary};text-decoration:none;border-radius:8px;">${e(oneLine(label))}</a>`,
  );
}

function htmlFooter({ reason, links }: NonNullable<MailContent['footer']>): string[] {
  const small = `font-size:12px;color:${c.muted};`;
  return [
    `<hr style="border:none;border-top:1px solid ${c.line};margin:24px 0 12px;">`,
    paragraph(e(oneLine(reason)), small),
    paragraph(
      links
        .map(
          ({ url, label }) =>
            `<a href="${e(url)}" style="color:${c.muted};">${e(oneLine(label))}</a>`,
        )
        .join(' · '),
      small,
    ),
  ];
}

/** The HTML part: the page an email sits on, the same in every email, with the content. */
function renderHtml(mail: MailContent): string {
  return [
    '<!doctype html>',
    `<html lang="${e(mail.language)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width"><title>${e(oneLine(mail.subject))}</title></head>`,
    `<body style="margin:0;padding:24px;background:${c.page};font-family:Arial,Helvetica,sans-serif;color:${c.text};">`,
    `<div style="max-width:560px;margin:0 auto;background:${c.card};border:1px solid ${c.line};border-radius:12px;padding:24px;">`,
    paragraph(e(PRODUCT_NAME), `font-weight:bold;color:${c.primary};`),
    paragraph(e(oneLine(mail.greeting))),
    ...mail.body.flatMap(htmlBlock),
    button(mail.action),
    ...(mail.closing ?? []).map((text) => paragraph(htmlLines(text))),
    ...(mail.footer ? htmlFooter(mail.footer) : []),
    '</div></body></html>',
  ].join('\n');
}

/** An email in plain text and HTML, from the same content. */
export function renderMail(mail: MailContent): RenderedMail {
  return { subject: oneLine(mail.subject), text: renderText(mail), html: renderHtml(mail) };
}
