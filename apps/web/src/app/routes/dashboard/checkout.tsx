import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { SafetyAdvice } from '../../../features/bookings/components/safety-advice.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

/** Where 'Buy Now' leads: the specification's checkout title, and that nothing is paid here. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="space-y-6">
      <PageTitle page={t('checkout.title')} />
      <div className="rounded-box bg-base-200 p-10 text-center">
        <h1 className="text-3xl font-bold">{t('checkout.heading')}</h1>
        <p className="mx-auto mt-3 max-w-prose text-lg font-semibold">
          {t('checkout.payInPerson')}
        </p>
        <p className="mx-auto mt-3 max-w-prose">
          <Trans
            i18nKey="checkout.text"
            components={{
              orders: <Link to={paths.dashboard.myOrders} className="link link-primary" />,
            }}
          />
        </p>
      </div>
      <SafetyAdvice />
    </section>
  );
}
