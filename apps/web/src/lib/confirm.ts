import { MESSAGES } from '@market/shared';

/** The spec's delete confirmation. SweetAlert2 loads only when a deletion is asked for. */
export async function confirmDelete(): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    title: MESSAGES.confirmTitle,
    text: MESSAGES.confirmText,
    icon: 'warning',
    showCancelButton: true,
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#374151',
    confirmButtonText: MESSAGES.confirmButton,
  });
  return result.isConfirmed;
}

/** The spec's alert after a deletion. */
export async function alertDeleted(text: string = MESSAGES.deletedText): Promise<void> {
  const { default: Swal } = await import('sweetalert2');
  await Swal.fire({ title: MESSAGES.deletedTitle, text, icon: 'success' });
}
