import { MESSAGES } from '@market/shared';
import { getPageI18n, pageText } from '../i18n/known-texts.ts';
import { notifyError } from './errors.ts';

/** What a confirmation says: the question naming who or what, and anything to know first. */
export interface Confirmation {
  /** The question, naming who or what: 'Delete the buyer Sam Buyer (sam@example.com)?'. */
  question: string;
  /** What else happens, said before it does: 'Two buyers have booked this phone.'. */
  detail?: string;
}

/**
 * The dialog's text as elements whose text is set, never parsed, so that names people typed
 * show as written and run nothing.
 */
function dialogBody(lines: readonly string[]): HTMLElement {
  const body = document.createElement('div');
  body.className = 'space-y-2 break-words';
  for (const line of lines) {
    const paragraph = document.createElement('p');
    paragraph.textContent = line;
    body.append(paragraph);
  }
  return body;
}

/**
 * The site's look for SweetAlert2's dialogs: daisyUI's classes, so they take the theme's colours,
 * corners and buttons (index.css) rather than SweetAlert2's own.
 */
function themed(confirmButton: 'btn-error' | 'btn-primary', icon: 'warning' | 'info' | 'success') {
  const i18n = getPageI18n();
  const token = (name: string) =>
    getComputedStyle(document.documentElement).getPropertyValue(`--color-${name}`).trim();
  return {
    // SweetAlert2's own words for its buttons, in the page's language.
    confirmButtonText: i18n ? i18n.t('dialog.ok') : 'OK',
    cancelButtonText: i18n ? i18n.t('dialog.cancel') : 'Cancel',
    color: token('base-content'),
    background: token('base-100'),
    iconColor: token(icon),
    buttonsStyling: false,
    customClass: {
      popup: 'rounded-box bg-base-100 text-base-content',
      title: 'text-base-content',
      htmlContainer: 'text-base-content',
      actions: 'gap-3',
      confirmButton: `btn ${confirmButton}`,
      cancelButton: 'btn btn-ghost',
    },
  };
}

/**
 * The spec's delete confirmation ('Are you sure?', 'You won't be able to revert this!'), naming
 * who or what goes. SweetAlert2 loads only when a deletion is asked for.
 */
export async function confirmDelete({ question, detail }: Confirmation): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const lines = [question, ...(detail ? [detail] : []), pageText(MESSAGES.confirmText)];
  const result = await Swal.fire({
    title: pageText(MESSAGES.confirmTitle),
    html: dialogBody(lines),
    icon: 'warning',
    showCancelButton: true,
    ...themed('btn-error', 'warning'),
    confirmButtonText: pageText(MESSAGES.confirmButton),
  });
  return result.isConfirmed;
}

/** A question with one way on, for a change that is not a deletion (becoming a seller). */
export async function confirmAction({
  title,
  lines,
  confirmButton,
}: {
  title: string;
  lines: readonly string[];
  confirmButton: string;
}): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    title,
    html: dialogBody(lines),
    icon: 'question',
    showCancelButton: true,
    ...themed('btn-primary', 'info'),
    confirmButtonText: confirmButton,
  });
  return result.isConfirmed;
}

/** The spec's alert after a deletion, with the text that is true of what was deleted. */
export async function alertDeleted(text: string): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({
    title: pageText(MESSAGES.deletedTitle),
    text: pageText(text),
    icon: 'success',
    ...themed('btn-primary', 'success'),
  });
}

/**
 * The spec's deletion: 'Are you sure?' naming what goes, then the deletion, then the 'Deleted!'
 * alert saying what was deleted. A failure is logged and shown in a toast, named by `action`.
 */
export async function deleteAfterConfirmation({
  action,
  confirmation,
  remove,
  deletedText,
}: {
  action: string;
  confirmation: Confirmation;
  remove: () => Promise<unknown>;
  deletedText: string;
}): Promise<void> {
  if (!(await confirmDelete(confirmation))) return;
  try {
    await remove();
    await alertDeleted(deletedText);
  } catch (err) {
    notifyError(action, err);
  }
}
