import { useBecomeBuyer } from '../api/become-buyer.ts';
import { RoleSwitchButton, type RoleSwitch } from './role-switch-button.tsx';

const BECOME_BUYER: RoleSwitch = {
  label: 'Go back to buying',
  title: 'Go back to buying?',
  lines: [
    'Your account becomes a buyer account again: you can book phones, keep a wishlist and ask sellers.',
    'You can do this once none of your listings is left unsold; your sold listings and their reviews stay.',
    'If you sell again later, an admin verifies the account again.',
  ],
  confirmButton: 'Yes, go back to buying',
  action: 'Going back to buying',
  done: 'Your account is a buyer account again: you can book phones, keep a wishlist and ask sellers.',
};

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
  const become = useBecomeBuyer();
  return (
    <RoleSwitchButton
      change={BECOME_BUYER}
      write={() => become.mutateAsync()}
      pending={become.isPending}
      onSwitched={onBecameBuyer}
      className={className}
    />
  );
}
