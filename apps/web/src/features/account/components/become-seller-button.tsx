import { useBecomeSeller } from '../api/become-seller.ts';
import { RoleSwitchButton, type RoleSwitch } from './role-switch-button.tsx';

const BECOME_SELLER: RoleSwitch = {
  label: 'Become a seller',
  title: 'Become a seller?',
  lines: [
    'Your account becomes a seller account: you can list phones, advertise them and see who booked them.',
    'Booking, the wishlist and “Ask the seller” are for buyers. While you have open requests or accepted deals in My Orders, finish or cancel them first.',
    'You can go back to buying later, from My Profile, once none of your listings is left unsold.',
    'A new seller is not verified until an admin verifies them.',
  ],
  confirmButton: 'Yes, become a seller',
  action: 'Becoming a seller',
  done: 'Your account is now a seller account. An admin will verify it; until then your listings show as not verified.',
};

/**
 * A buyer becomes a seller after one confirmation that says what changes. `onBecameSeller` runs
 * once the account is a seller's (for example to open the page the buyer was sent away from).
 */
export function BecomeSellerButton({
  onBecameSeller,
  className = 'btn btn-secondary btn-sm',
}: {
  onBecameSeller?: () => void;
  className?: string;
}) {
  const become = useBecomeSeller();
  return (
    <RoleSwitchButton
      change={BECOME_SELLER}
      write={() => become.mutateAsync()}
      pending={become.isPending}
      onSwitched={onBecameSeller}
      className={className}
    />
  );
}
