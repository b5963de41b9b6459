import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role, User } from '@market/shared';
import { paths } from '../../config/paths.ts';
import { useLogOut } from '../../lib/log-out.ts';
import { UserAvatar } from '../ui/user-avatar.tsx';

type LinkName =
  | 'dashboard'
  | 'myOrders'
  | 'myWishlist'
  | 'savedSearches'
  | 'checkout'
  | 'messages'
  | 'myProducts'
  | 'myBuyers'
  | 'myReviews'
  | 'addProduct'
  | 'allSellers'
  | 'allBuyers'
  | 'reports'
  | 'audit'
  | 'stolenReports'
  | 'possessionPhotos'
  | 'meetingSpots'
  | 'notifications'
  | 'profile'
  | 'stolenPhones';

/** A link of the panel: where it goes, and its name in the catalog (`dashboard.link.…`). */
const ROLE_LINKS: Record<Role, { to: string; name: LinkName }[]> = {
  buyer: [
    { to: paths.dashboard.myOrders, name: 'myOrders' },
    { to: paths.dashboard.myWishlist, name: 'myWishlist' },
    { to: paths.dashboard.savedSearches, name: 'savedSearches' },
    { to: paths.dashboard.checkout, name: 'checkout' },
    { to: paths.dashboard.messages, name: 'messages' },
  ],
  seller: [
    { to: paths.dashboard.myProducts, name: 'myProducts' },
    { to: paths.dashboard.myBuyers, name: 'myBuyers' },
    { to: paths.dashboard.myReviews, name: 'myReviews' },
    { to: paths.dashboard.addProduct, name: 'addProduct' },
    { to: paths.dashboard.messages, name: 'messages' },
  ],
  admin: [
    { to: paths.dashboard.allSellers, name: 'allSellers' },
    { to: paths.dashboard.allBuyers, name: 'allBuyers' },
    { to: paths.dashboard.reports, name: 'reports' },
    { to: paths.dashboard.audit, name: 'audit' },
    { to: paths.dashboard.stolenReports, name: 'stolenReports' },
    { to: paths.dashboard.possessionPhotos, name: 'possessionPhotos' },
    { to: paths.dashboard.meetingSpots, name: 'meetingSpots' },
  ],
};

/** The dashboard's side panel: who is signed in, the pages of their role, home and log out. */
export function DashboardSidebar({ me, onNavigate }: { me: User; onNavigate: () => void }) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  const links: { to: string; name: LinkName }[] = [
    { to: paths.dashboard.root, name: 'dashboard' },
    ...ROLE_LINKS[me.role],
    { to: paths.dashboard.notifications, name: 'notifications' },
    { to: paths.dashboard.profile, name: 'profile' },
    ...(me.role === 'admin'
      ? []
      : [{ to: paths.dashboard.stolenPhones, name: 'stolenPhones' as const }]),
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
        <span className="badge badge-primary capitalize">{t(`dashboard.role.${me.role}`)}</span>
      </div>

      <nav aria-label={t('dashboard.nav')}>
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
                {t(`dashboard.link.${link.name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-auto flex flex-col gap-2">
        <Link to={paths.home} className="btn btn-outline btn-primary">
          {t('frame.backHome')}
        </Link>
        <button
          type="button"
          className="btn btn-neutral"
          disabled={logOut.isPending}
          onClick={() => logOut.mutate()}
        >
          {t('dashboard.logOut')}
        </button>
      </div>
    </div>
  );
}
