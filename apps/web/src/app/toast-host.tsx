import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/dist/ReactToastify.css';
import { TOAST_AUTO_CLOSE_MS } from '@market/shared';

/** Toasts open below the top bar, so that they never hide its links (on a phone, its menu). */
const BELOW_THE_TOP_BAR = {
  top: 'calc(var(--top-bar-height) + 0.5rem + env(safe-area-inset-top))',
};

export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      style={BELOW_THE_TOP_BAR}
    />
  );
}
