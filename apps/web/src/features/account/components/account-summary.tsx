import { Trans, useTranslation } from 'react-i18next';
import type { User } from '@market/shared';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';

/** Whether a seller is verified, in words: the badge buyers see on the listings, or why not. */
function SellerVerification({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  if (verified) {
    return (
      <p className="flex items-center gap-2">
        <span className="badge badge-info gap-1">
          <LineIcon d="M5 12l5 5 9-10" size={14} strokeWidth={3} />
          {t('profile.verified')}
        </span>
        <span className="text-sm">{t('profile.verifiedText')}</span>
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2">
      <span className="badge badge-warning">{t('profile.notVerified')}</span>
      <span className="text-sm">{t('profile.notVerifiedText')}</span>
    </p>
  );
}

/** Who is signed in: photo, name, email, account type and, for sellers, verification. */
export function AccountSummary({ me }: { me: User }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <UserAvatar name={me.name} img={me.img} size={72} lazy={false} />
      <div className="max-w-full min-w-0 space-y-1">
        <p className="text-xl font-semibold break-words">{me.name}</p>
        <p className="break-all">{me.email}</p>
        <p>
          <Trans
            i18nKey="profile.accountType"
            values={{ role: t(`profile.roleName.${me.role}`) }}
            components={{ badge: <span className="badge badge-primary" /> }}
          />
        </p>
        {me.role === 'seller' && <SellerVerification verified={me.isVerifiedUser} />}
      </div>
    </div>
  );
}
