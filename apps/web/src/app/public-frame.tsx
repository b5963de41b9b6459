import { PublicLayout } from '../components/layout/public-layout.tsx';
import { useAppConfig } from '../features/auth/api/get-app-config.ts';
import { SiteSearch } from '../features/search/components/site-search.tsx';
import { TopBarAlerts } from './top-bar-alerts.tsx';
import { useMarkDrawnLocation } from '../lib/drawn-location.ts';

/** The public layout as the app fills it: the site's search, the alerts, the support address. */
export function PublicFrame() {
  useMarkDrawnLocation();
  const supportEmail = useAppConfig().data?.supportEmail ?? null;
  return (
    <PublicLayout search={<SiteSearch />} alerts={<TopBarAlerts />} supportEmail={supportEmail} />
  );
}
