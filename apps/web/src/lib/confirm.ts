import { MESSAGES } from '@market/shared';
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
 * The spec's delete confirmation ('Are you sure?', 'You won't be able to revert this!'), naming
 * who or what goes. SweetAlert2 loads only when a deletion is asked for.
 */
export async function confirmDelete({ question, detail }: Confirmation): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const lines = [question, ...(detail ? [detail] : []), MESSAGES.confirmText];
  const result = await Swal.fire({
    title: MESSAGES.confirmTitle,
    html: dialogBody(lines),
    icon: 'warning',
    showCancelButton: true,
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#374151',
    confirmButtonText: MESSAGES.confirmButton,
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
    confirmButtonColor: '#0f766e',
    cancelButtonColor: '#374151',
    confirmButtonText: confirmButton,
  });
  return result.isConfirmed;
}

/** The spec's alert after a deletion, with the text that is true of what was deleted. */
export async function alertDeleted(text: string): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({ title: MESSAGES.deletedTitle, text, icon: 'success' });
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
