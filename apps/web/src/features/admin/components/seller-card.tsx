import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type Member } from '@market/shared';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { useVerifySeller } from '../api/verify-seller.ts';

/** A suspended account, said plainly with the reason, beside the way back (`restore`). */
export function SuspendedNote({ member, restore }: { member: Member; restore?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-2">
      <span className="badge badge-error badge-outline">{t('admin.suspended')}</span>
      {member.suspendedReason && (
        <p className="text-sm wrap-anywhere">
          {t('admin.why', { reason: member.suspendedReason })}
        </p>
      )}
      {restore}
    </div>
  );
}

export function VerifiedBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge badge-info gap-1">
      <LineIcon d="M5 12l5 5 9-10" size={14} strokeWidth={3} />
      {t('admin.verified')}
    </span>
  );
}

/**
 * One seller for the admin: who they are, whether verified or suspended, and the admin actions
 * (`restore` lifts a suspension; the app composes it from the moderation feature).
 */
export function SellerCard({
  seller,
  deleting,
  onDelete,
  restore,
}: {
  seller: Member;
  deleting: boolean;
  onDelete: () => void;
  restore?: ReactNode;
}) {
  const { t } = useTranslation();
  const verify = useVerifySeller();
  const onVerify = () => {
    verify.mutate(seller.email, {
      onSuccess: () => toast.success(MESSAGES.sellerVerified),
      onError: (err) => notifyError('Verifying the seller', err),
    });
  };

  return (
    <article aria-label={seller.name} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body items-center gap-2 p-5 text-center">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3 text-error"
          aria-label={t('admin.sellers.deleteNamed', { name: seller.name })}
          title={t('admin.sellers.delete')}
          disabled={deleting}
          onClick={onDelete}
        >
          <LineIcon d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" size={18} />
        </button>
        <UserAvatar name={seller.name} img={seller.img} size={80} />
        <h2 className="card-title text-lg">{seller.name}</h2>
        <p className="text-sm">{seller.email}</p>
        <p className="text-sm">{seller.phone ?? t('admin.sellers.noPhone')}</p>
        {seller.isVerifiedUser ? (
          <VerifiedBadge />
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm mt-1"
            disabled={verify.isPending}
            onClick={onVerify}
          >
            {t('admin.sellers.verify')}
          </button>
        )}
        {seller.suspended && <SuspendedNote member={seller} restore={restore} />}
      </div>
    </article>
  );
}
