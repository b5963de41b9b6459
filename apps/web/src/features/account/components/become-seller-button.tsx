import { useTranslation } from 'react-i18next';
import { useBecomeSeller } from '../api/become-seller.ts';
import { RoleSwitchButton } from './role-switch-button.tsx';

/**
 * A buyer becomes a seller after one confirmation that says what changes. `onBecameSeller` runs
 * once the account is a seller's (for example to open the page the buyer was sent away from).
 * It shows on the log-in and registration pages too, so its texts are in the main catalog.
 */
export function BecomeSellerButton({
  onBecameSeller,
  className = 'btn btn-secondary btn-sm',
}: {
  onBecameSeller?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const become = useBecomeSeller();
  return (
    <RoleSwitchButton
      change={{
        label: t('session.becomeSeller.label'),
        title: t('session.becomeSeller.title'),
        lines: [
          t('session.becomeSeller.line1'),
          t('session.becomeSeller.line2'),
          t('session.becomeSeller.line3'),
          t('session.becomeSeller.line4'),
        ],
        confirmButton: t('session.becomeSeller.confirm'),
        action: 'Becoming a seller',
        done: t('session.becomeSeller.done'),
      }}
      write={() => become.mutateAsync()}
      pending={become.isPending}
      onSwitched={onBecameSeller}
      className={className}
    />
  );
}
