import { toast } from '../../../lib/toast.ts';
import { MESSAGES, type User } from '@market/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';
import { useVerifySeller } from '../api/verify-seller.ts';

function TrashIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <path
        d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function VerifiedBadge() {
  return (
    <span className="badge badge-info gap-1">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none">
        <path
          d="M5 12l5 5 9-10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Verified
    </span>
  );
}

/** One seller for the admin: who they are, whether verified, and the two admin actions. */
export function SellerCard({
  seller,
  deleting,
  onDelete,
}: {
  seller: User;
  deleting: boolean;
  onDelete: () => void;
}) {
  const verify = useVerifySeller();
  const onVerify = () => {
    verify.mutate(seller.email, {
      onSuccess: () => toast.success(MESSAGES.sellerVerified),
      onError: (err) => {
        console.error(err);
        toast.error(errorMessage(err));
      },
    });
  };

  return (
    <article aria-label={seller.name} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body items-center gap-2 p-5 text-center">
        <button
          type="button"
          className="btn btn-circle btn-ghost btn-sm absolute top-3 right-3 text-error"
          aria-label="Delete seller"
          title="Delete seller"
          disabled={deleting}
          onClick={onDelete}
        >
          <TrashIcon />
        </button>
        <UserAvatar name={seller.name} img={seller.img} size={80} />
        <h2 className="card-title text-lg break-all">{seller.name}</h2>
        <p className="text-sm break-all">{seller.email}</p>
        <p className="text-sm">{seller.phone ?? 'No phone'}</p>
        {seller.isVerifiedUser ? (
          <VerifiedBadge />
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm mt-1"
            disabled={verify.isPending}
            onClick={onVerify}
          >
            make valid Seller
          </button>
        )}
      </div>
    </article>
  );
}
