import type { Role, User } from '@market/shared';
import { LineIcon } from '../../../components/ui/line-icon.tsx';
import { UserAvatar } from '../../../components/ui/user-avatar.tsx';

const ROLE_NAME: Record<Role, string> = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' };

/** Whether a seller is verified, in words: the badge buyers see on the listings, or why not. */
function SellerVerification({ verified }: { verified: boolean }) {
  if (verified) {
    return (
      <p className="flex items-center gap-2">
        <span className="badge badge-info gap-1">
          <LineIcon d="M5 12l5 5 9-10" size={14} strokeWidth={3} />
          Verified
        </span>
        <span className="text-sm">Verified seller: buyers see the badge on your listings.</span>
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2">
      <span className="badge badge-warning">Not verified</span>
      <span className="text-sm">
        Not verified yet: an admin checks new sellers, then your listings show the Verified badge.
      </span>
    </p>
  );
}

/** Who is signed in: photo, name, email, account type and, for sellers, verification. */
export function AccountSummary({ me }: { me: User }) {
  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <UserAvatar name={me.name} img={me.img} size={72} lazy={false} />
      <div className="max-w-full min-w-0 space-y-1">
        <p className="text-xl font-semibold break-words">{me.name}</p>
        <p className="break-all">{me.email}</p>
        <p>
          Account type: <span className="badge badge-primary">{ROLE_NAME[me.role]}</span>
        </p>
        {me.role === 'seller' && <SellerVerification verified={me.isVerifiedUser} />}
      </div>
    </div>
  );
}
