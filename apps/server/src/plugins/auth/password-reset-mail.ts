import { PRODUCT_NAME, renderMail, type RenderedMail } from '../../lib/mail-template.ts';

/**
 * The email with a password reset link (built from `paths.resetPassword` where Better Auth asks
 * for it): no footer, since it comes only when asked for.
 */
export function renderPasswordResetMail(recipientName: string, link: string): RenderedMail {
  return renderMail({
    subject: `Reset your ${PRODUCT_NAME} password`,
    recipientName,
    body: [
      {
        paragraph: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\nOpen this link within one hour to choose a new password.`,
      },
    ],
    action: { label: 'Choose a new password', url: link },
    closing: ['If it was not you, ignore this message: your password stays as it is.'],
  });
}
