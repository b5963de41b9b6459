import type { CSSProperties } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { useTranslation } from 'react-i18next';
import { TOAST_AUTO_CLOSE_MS } from '@market/shared';

/** Toasts open below the top bar, so that they never hide its links (on a phone, its menu). */
const BELOW_THE_TOP_BAR = {
  top: 'calc(var(--top-bar-height) + 0.5rem + env(safe-area-inset-top))',
};

/**
 * A toast writes in the page's fonts: react-toastify's own 'sans-serif' has no Bangla letters on
 * a device without a Bangla font, where a Bangla toast showed empty boxes.
 */
const PAGE_FONTS: CSSProperties = { fontFamily: 'inherit' };

/** react-toastify's own close button, named in the page's language (its own says 'close'). */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('toast.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      style={BELOW_THE_TOP_BAR}
      toastStyle={PAGE_FONTS}
      closeButton={CloseButton}
    />
  );
}
