import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useBecomeBuyer } from '../api/become-buyer.ts';

const BECAME_BUYER =
  'Your account is a buyer account again: you can book phones, keep a wishlist and ask sellers.';

/**
 * A seller goes back to buying after one confirmation. The server refuses while a listing of
 * theirs is not sold, and the refusal says so. `onBecameBuyer` runs once the account is a buyer's.
 */
export function BecomeBuyerButton({
  onBecameBuyer,
  className = 'btn btn-secondary btn-sm',
}: {
  onBecameBuyer?: () => void;
  className?: string;
}) {
  const hydrated = useHydrated();
  const become = useBecomeBuyer();

  const onClick = async () => {
    const confirmed = await confirmAction({
      title: 'Go back to buying?',
      lines: [
        'Your account becomes a buyer account again: you can book phones, keep a wishlist and ask sellers.',
        'You can do this once none of your listings is left unsold; your sold listings and their reviews stay.',
        'If you sell again later, an admin verifies the account again.',
      ],
      confirmButton: 'Yes, go back to buying',
    });
    if (!confirmed) return;
    try {
      await become.mutateAsync();
    } catch (err) {
      notifyError('Going back to buying', err);
      return;
    }
    toast.success(BECAME_BUYER);
    onBecameBuyer?.();
  };

  return (
    <button
      type="button"
      className={className}
      disabled={!hydrated || become.isPending}
      onClick={() => void onClick()}
    >
      Go back to buying
    </button>
  );
}
