import { describe, expect, it } from 'vitest';
import { renderMail, type MailContent } from '../src/lib/mail-template.ts';
import {
  renderDigestMail,
  renderNotificationMail,
} from '../src/modules/notifications/notification-mail.ts';
import { renderPasswordResetMail } from '../src/plugins/auth/password-reset-mail.ts';
import { serverTexts } from '@market/shared/texts';

const english = serverTexts('en');
const bangla = serverTexts('bn', 'BDT');

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&amp;': '&',
};

/** What a reader sees of the HTML part: its text without tags, entities read, <br> as a line. */
function visible(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!);
}

/** The addresses the HTML part links to, entities read. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(?:lt|gt|quot|#39|amp);/g, (entity) => ENTITIES[entity]!),
  );

const content: MailContent = {
  language: 'en',
  subject: 'Offer for <Pixel> & "Galaxy"',
  greeting: `Hello Bashir <b>B</b> & 'Co',`,
  body: [
    { heading: 'A "new" <offer> & more' },
    { paragraph: 'First line\r\nsecond line\rthird & <last>' },
    { list: ['Pixel 8 <128GB> & case', "Galaxy 'S24'"] },
  ],
  action: { label: 'Open it & see', url: 'https://market.example/x?a=1&b="2"' },
  closing: ['If it was not you, ignore this <message>.'],
  footer: {
    reason: 'You get this because "offers" is on.',
    links: [{ label: 'Stop these emails', url: 'https://market.example/unsubscribe?token=a&b' }],
  },
};

describe('the mail template', () => {
  const mail = renderMail(content);

  it('escapes what people typed in the HTML part, and only there', () => {
    expect(mail.html).toContain('Hello Bashir &lt;b&gt;B&lt;/b&gt; &amp; &#39;Co&#39;,');
    expect(mail.html).toContain('<title>Offer for &lt;Pixel&gt; &amp; &quot;Galaxy&quot;</title>');
    expect(mail.html).toContain('A &quot;new&quot; &lt;offer&gt; &amp; more');
    expect(mail.html).toContain(
      '<li style="margin:0 0 6px;">Pixel 8 &lt;128GB&gt; &amp; case</li>',
    );
    expect(mail.html).toContain('href="https://market.example/x?a=1&amp;b=&quot;2&quot;"');
    expect(mail.html).not.toMatch(/<b>|<offer>|<Pixel>|<last>|<message>|<128GB>/);
    expect(mail.text).toContain(`Hello Bashir <b>B</b> & 'Co',`);
    expect(mail.text).toContain('A "new" <offer> & more');
    expect(mail.subject).toBe('Offer for <Pixel> & "Galaxy"');
  });

  it('reads a bare CR as a line break in paragraphs and as a space in one-line fields', () => {
    const broken = renderMail({
      ...content,
      subject: 'Line\rinjected: header',
      greeting: 'Hello Sam\rBcc: someone,',
      body: [{ heading: 'Top\rline' }, { paragraph: 'one\rtwo\r\nthree' }],
    });
    for (const part of [broken.subject, broken.text, broken.html]) expect(part).not.toContain('\r');
    expect(broken.subject).toBe('Line injected: header');
    expect(broken.text).toContain('Hello Sam Bcc: someone,\n\nTop line\none\ntwo\nthree\n');
    expect(broken.html).toContain('>Top line</p>');
    expect(broken.html).toContain('>one<br>two<br>three</p>');
  });

  it('writes the text and the HTML part from the same content', () => {
    expect(mail.text).toBe(
      [
        `Hello Bashir <b>B</b> & 'Co',`,
        '',
        'A "new" <offer> & more',
        'First line\nsecond line\nthird & <last>',
        '- Pixel 8 <128GB> & case',
        "- Galaxy 'S24'",
        '',
        'Open it & see: https://market.example/x?a=1&b="2"',
        '',
        'If it was not you, ignore this <message>.',
        '',
        '--',
        'You get this because "offers" is on.',
        'Stop these emails: https://market.example/unsubscribe?token=a&b',
      ].join('\n'),
    );
    const seen = visible(mail.html);
    const said = [
      'Phone Market',
      `Hello Bashir <b>B</b> & 'Co',`,
      'A "new" <offer> & more',
      'First line\nsecond line\nthird & <last>',
      'Pixel 8 <128GB> & case',
      "Galaxy 'S24'",
      'Open it & see',
      'If it was not you, ignore this <message>.',
      'You get this because "offers" is on.',
      'Stop these emails',
    ];
    let from = 0;
    for (const piece of said) {
      const at = seen.indexOf(piece, from);
      expect(at, piece).toBeGreaterThanOrEqual(0);
      from = at + piece.length;
    }
    expect(hrefs(mail.html)).toEqual([content.action.url, content.footer!.links[0]!.url]);
  });

  it('leaves out the footer where none applies and an empty paragraph', () => {
    const plain = renderMail({
      language: 'en',
      subject: 'S',
      greeting: 'Hello R,',
      body: [{ paragraph: '' }, { paragraph: 'Body' }],
      action: { label: 'Go', url: 'https://market.example/' },
    });
    expect(plain.text).toBe('Hello R,\n\nBody\n\nGo: https://market.example/');
    expect(plain.html).not.toContain('<hr');
    expect(plain.html).not.toContain('<p style="margin:0 0 12px;"></p>');
  });
});

describe('the emails built on it', () => {
  it('says the same in a notification email as before the template', () => {
    const mail = renderNotificationMail(english, {
      kind: 'booking_requested',
      recipientName: 'Sara',
      title: 'New request to book Pixel 8',
      body: 'Bashir asks to meet.\nAt Gulshan 2.',
      link: '/dashboard/my-buyers',
      publicUrl: 'http://localhost:3000',
      unsubscribeToken: 'tok/en',
    });
    expect(mail.subject).toBe('New request to book Pixel 8');
    expect(mail.text).toBe(
      [
        'Hello Sara,',
        '',
        'New request to book Pixel 8',
        'Bashir asks to meet.\nAt Gulshan 2.',
        '',
        'Open it on Phone Market: http://localhost:3000/dashboard/my-buyers',
        '',
        '--',
        'You get this email because "A buyer asks to book one of my phones" is on in your Phone Market notification settings.',
        'Stop these emails: http://localhost:3000/unsubscribe?token=tok%2Fen',
        'Choose which emails you get: http://localhost:3000/dashboard/settings/notifications',
      ].join('\n'),
    );
    expect(hrefs(mail.html)).toEqual([
      'http://localhost:3000/dashboard/my-buyers',
      'http://localhost:3000/unsubscribe?token=tok%2Fen',
      'http://localhost:3000/dashboard/settings/notifications',
    ]);
  });

  it('lists what a digest folds, in both parts', () => {
    const mail = renderDigestMail(english, {
      recipientName: 'Sara',
      titles: ['Review <5>', 'Price & more'],
      publicUrl: 'http://localhost:3000',
    });
    expect(mail.subject).toBe('2 more notifications on Phone Market');
    expect(mail.text).toContain(
      'You had 5 emails from us within an hour, so the next ones come together:\n- Review <5>\n- Price & more\n\nSee them all on Phone Market: http://localhost:3000/dashboard/notifications',
    );
    expect(mail.html).toContain(
      'Review &lt;5&gt;</li><li style="margin:0 0 6px;">Price &amp; more',
    );
  });

  it('sends the password reset link in both parts, with no footer', () => {
    const link = 'http://localhost:3000/reset-password?token=a%26b';
    const mail = renderPasswordResetMail(english, 'Sam <S>', link);
    expect(mail.subject).toBe('Reset your Phone Market password');
    expect(mail.text).toBe(
      [
        'Hello Sam <S>,',
        '',
        'Someone asked to reset the password of your Phone Market account.',
        'Open this link within one hour to choose a new password.',
        '',
        `Choose a new password: ${link}`,
        '',
        'If it was not you, ignore this message: your password stays as it is.',
      ].join('\n'),
    );
    expect(hrefs(mail.html)).toEqual([link]);
    expect(mail.html).toContain('Hello Sam &lt;S&gt;,');
    expect(mail.html).not.toContain('<hr');
  });

  it('writes a notification email in Bangla, with its links to the Bangla pages', () => {
    const mail = renderNotificationMail(bangla, {
      kind: 'booking_requested',
      recipientName: 'সারা',
      title: 'Pixel 8 বুক করার নতুন অনুরোধ',
      body: 'বিস্তারিত',
      link: '/dashboard/my-buyers',
      publicUrl: 'http://localhost:3000',
      unsubscribeToken: 'tok',
    });
    expect(mail.text.split('\n').slice(0, 5)).toEqual([
      'প্রিয় সারা,',
      '',
      'Pixel 8 বুক করার নতুন অনুরোধ',
      'বিস্তারিত',
      '',
    ]);
    expect(mail.text).toContain(
      'আপনি এই ইমেইল পাচ্ছেন কারণ আপনার Phone Market নোটিফিকেশন সেটিংসে "কোনো ক্রেতা আমার একটি ফোন বুক করতে চাইলে" চালু আছে।',
    );
    expect(mail.html).toContain('<html lang="bn">');
    expect(hrefs(mail.html)).toEqual([
      'http://localhost:3000/bn/dashboard/my-buyers',
      'http://localhost:3000/bn/unsubscribe?token=tok',
      'http://localhost:3000/bn/dashboard/settings/notifications',
    ]);
  });

  it('counts a digest in Bangla digits', () => {
    const mail = renderDigestMail(bangla, {
      recipientName: 'সারা',
      titles: ['এক', 'দুই', 'তিন'],
      publicUrl: 'http://localhost:3000',
    });
    expect(mail.subject).toBe('Phone Market-এ আরও ৩টি নোটিফিকেশন');
    expect(mail.text).toContain('এক ঘণ্টার মধ্যে আপনি আমাদের কাছ থেকে ৫টি ইমেইল পেয়েছেন');
  });
});
