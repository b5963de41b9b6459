import { Link, NavLink } from 'react-router';
import type { Role, User } from '@market/shared';
import { paths } from '../../config/paths.ts';
import { useLogOut } from '../../lib/log-out.ts';
import { UserAvatar } from '../ui/user-avatar.tsx';

const ROLE_LINKS: Record<Role, { to: string; label: string }[]> = {
  buyer: [
    { to: paths.dashboard.myOrders, label: 'My Orders' },
    { to: paths.dashboard.myWishlist, label: 'My Wishlist' },
    { to: paths.dashboard.savedSearches, label: 'Saved Searches' },
    { to: paths.dashboard.checkout, label: 'Checkout' },
    { to: paths.dashboard.messages, label: 'Messages' },
  ],
  seller: [
    { to: paths.dashboard.myProducts, label: 'My Products' },
    { to: paths.dashboard.myBuyers, label: 'My Buyers' },
    { to: paths.dashboard.myReviews, label: 'My Reviews' },
    { to: paths.dashboard.addProduct, label: 'Add Product' },
    { to: paths.dashboard.messages, label: 'Messages' },
  ],
  admin: [
    { to: paths.dashboard.allSellers, label: 'All Sellers' },
    { to: paths.dashboard.allBuyers, label: 'All Buyers' },
    { to: paths.dashboard.reports, label: 'Reports' },
    { to: paths.dashboard.audit, label: 'Audit Log' },
    { to: paths.dashboard.stolenReports, label: 'Stolen Phones' },
    { to: paths.dashboard.possessionPhotos, label: 'Photo Checks' },
    { to: paths.dashboard.meetingSpots, label: 'Meeting Spots' },
  ],
};

/** The dashboard's side panel: who is signed in, the pages of their role, home and log out. */
export function DashboardSidebar({ me, onNavigate }: { me: User; onNavigate: () => void }) {
  const logOut = useLogOut();
  const links = [
    { to: paths.dashboard.root, label: 'Dashboard' },
    ...ROLE_LINKS[me.role],
    { to: paths.dashboard.notifications, label: 'Notifications' },
    { to: paths.dashboard.profile, label: 'My Profile' },
    ...(me.role === 'admin'
      ? []
      : [{ to: paths.dashboard.stolenPhones, label: 'Report a Stolen Phone' }]),
  ];

  return (
    <div className="flex w-72 flex-col gap-6 bg-base-200 p-5">
      <div className="flex flex-col items-center gap-2 text-center">
        <UserAvatar
          name={me.name}
          img={me.img}
          size={80}
          lazy={false}
          ringClassName="ring-2 ring-primary ring-offset-2 ring-offset-base-200"
        />
        <p className="text-lg font-semibold wrap-anywhere">{me.name}</p>
        <span className="badge badge-primary capitalize">{me.role}</span>
      </div>

      <nav aria-label="Dashboard">
        <ul className="menu w-full gap-1 p-0">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                // Messages stays marked inside a conversation; Dashboard only on its own page.
                end={link.to === paths.dashboard.root}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `min-h-11 content-center ${isActive ? 'menu-active' : ''}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-auto flex flex-col gap-2">
        <Link to={paths.home} className="btn btn-outline btn-primary">
          Back To Home
        </Link>
        <button
          type="button"
          className="btn btn-neutral"
          disabled={logOut.isPending}
          onClick={() => logOut.mutate()}
        >
          Log Out
        </button>
      </div>
    </div>
  );
}
