import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LineIcon } from './line-icon.tsx';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/**
 * Tab from the dialog's last control goes back to its first, and Shift+Tab from the first to the
 * last: a modal dialog makes the page behind it inert, but the browser would still let Tab leave
 * the dialog for its own toolbar.
 */
export function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.matches(':disabled'),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** Closes the dialog that holds the caller: every way of closing reports through `onClose`. */
export type CloseDialog = () => void;

/**
 * A native modal dialog (the page behind is inert, Escape closes it) that opens when mounted,
 * with a title and a close button. Its content gets `close`, which closes it the same way.
 */
export function ActionDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: (close: CloseDialog) => ReactNode;
}) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    dialog.showModal();
    // A close queued by an earlier unmount may arrive after the dialog reopened: ignore it.
    const handleClose = () => {
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
    >
      <div className="modal-box">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3"
          aria-label={t('dialog.close')}
          onClick={close}
        >
          <LineIcon d="M6 6l12 12M18 6L6 18" size={18} />
        </button>
        <h2 id={titleId} className="pr-10 text-xl font-bold wrap-anywhere">
          {title}
        </h2>
        {children(close)}
      </div>
    </dialog>
  );
}
