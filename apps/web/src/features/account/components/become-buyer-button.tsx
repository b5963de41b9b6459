import { useTranslation } from 'react-i18next';
import { useBecomeBuyer } from '../api/become-buyer.ts';
import { RoleSwitchButton } from './role-switch-button.tsx';

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
  const { t } = useTranslation();
  const become = useBecomeBuyer();
  return (
    <RoleSwitchButton
      change={{
        label: t('profile.becomeBuyer.label'),
        title: t('profile.becomeBuyer.title'),
        lines: [
          t('profile.becomeBuyer.line1'),
          t('profile.becomeBuyer.line2'),
          t('profile.becomeBuyer.line3'),
        ],
        confirmButton: t('profile.becomeBuyer.confirm'),
        action: 'Going back to buying',
        done: t('profile.becomeBuyer.done'),
      }}
      write={() => become.mutateAsync()}
      pending={become.isPending}
      onSwitched={onBecameBuyer}
      className={className}
    />
  );
}
