import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The spec's full-screen 'Loading...' spinner. */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="ml-3 text-lg">{t('ui.loading')}</span>
    </div>
  );
}

/** A small inline spinner for buttons and sections. */
export function InlineSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </span>
  );
}

/** The 'Loading...' spinner sized for one section of a page. */
export function SectionSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-48 w-full items-center justify-center" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="ml-3 text-lg">{t('ui.loading')}</span>
    </div>
  );
}

/** A form's submit button: disabled, with a spinner, while the form is being sent. */
export function SubmitButton({
  busy,
  className = 'btn btn-primary btn-block',
  children,
}: {
  busy: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
