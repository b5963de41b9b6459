import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { alertDeleted } from '../../../lib/confirm.ts';
import { forgetSignedInUser } from '../../../lib/log-out.ts';
import { AccountSummary } from '../../../features/account/components/account-summary.tsx';
import { BecomeSellerButton } from '../../../features/account/components/become-seller-button.tsx';
import { BecomeBuyerButton } from '../../../features/account/components/become-buyer-button.tsx';
import { ChangePasswordForm } from '../../../features/account/components/change-password-form.tsx';
import { DeleteAccountForm } from '../../../features/account/components/delete-account-form.tsx';
import { ProfileForm } from '../../../features/account/components/profile-form.tsx';
import { YourDataPanel } from '../../../features/account/components/your-data-panel.tsx';

function Panel({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-label={title}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 className="card-title">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** The signed-in user's own account: profile, account type, password, their data, deletion. */
export function Component() {
  const { t } = useTranslation();
  const me = useDashboardUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const afterDeletion = async () => {
    // Off the dashboard first, so that its guard does not send the person to log in.
    await navigate(paths.home, { replace: true });
    forgetSignedInUser(queryClient);
    await alertDeleted(t('profile.deleted'));
  };

  return (
    <div className="max-w-2xl space-y-6">
      <PageTitle page={t('profile.title')} />
      <h1 className="text-2xl font-bold">{t('profile.title')}</h1>
      <AccountSummary me={me} />
      <Panel title={t('profile.panel.profile')}>
        <ProfileForm me={me} />
      </Panel>
      {me.role === 'buyer' && (
        <Panel title={t('profile.panel.sell')}>
          <p>{t('profile.sellText')}</p>
          <div>
            <BecomeSellerButton onBecameSeller={() => void navigate(paths.dashboard.myProducts)} />
          </div>
        </Panel>
      )}
      {me.role === 'seller' && (
        <Panel title={t('profile.panel.buy')}>
          <p>{t('profile.buyText')}</p>
          <div>
            <BecomeBuyerButton onBecameBuyer={() => void navigate(paths.dashboard.myOrders)} />
          </div>
        </Panel>
      )}
      <Panel title={t('profile.panel.password')}>
        <ChangePasswordForm />
      </Panel>
      <Panel title={t('profile.panel.data')} id="your-data">
        <YourDataPanel />
      </Panel>
      <Panel title={t('profile.panel.delete')}>
        {me.role === 'admin' ? (
          <p>{t('profile.adminNoDelete')}</p>
        ) : (
          <DeleteAccountForm me={me} onDeleted={afterDeletion} />
        )}
      </Panel>
    </div>
  );
}
