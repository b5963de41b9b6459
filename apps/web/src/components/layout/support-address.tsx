/**
 * The support address as a mail link, or, when the operator gave none (SUPPORT_EMAIL), what to
 * do instead.
 */
export function SupportAddress({
  supportEmail,
  className = 'link link-primary break-all',
}: {
  supportEmail: string | null;
  className?: string;
}) {
  if (!supportEmail) {
    return (
      <p>
        This marketplace has not published a support address yet. Signed in, use “Report” on a
        listing, a profile or a conversation: a moderator reads every report.
      </p>
    );
  }
  return (
    <p>
      Email{' '}
      <a href={`mailto:${supportEmail}`} className={className}>
        {supportEmail}
      </a>
      . Say which account you write about (its email address) and what happened.
    </p>
  );
}
