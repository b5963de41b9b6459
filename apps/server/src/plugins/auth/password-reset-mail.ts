import type { ServerTexts } from '@market/shared/texts';
import { PRODUCT_NAME, greeting, renderMail, type RenderedMail } from '../../lib/mail-template.ts';

/**
 * The email with a password reset link (built from `paths.resetPassword` where Better Auth asks
 * for it), in the person's language: no footer, since it comes only when asked for.
 */
export function renderPasswordResetMail(
  s: ServerTexts,
  recipientName: string,
  link: string,
): RenderedMail {
  const site = PRODUCT_NAME;
  return renderMail({
    language: s.language,
    subject: s.t('mail.resetSubject', { site }),
    greeting: greeting(s, recipientName),
    body: [{ paragraph: s.t('mail.resetBody', { site }) }],
    action: { label: s.t('mail.resetAction'), url: link },
    closing: [s.t('mail.resetClosing')],
  });
}
