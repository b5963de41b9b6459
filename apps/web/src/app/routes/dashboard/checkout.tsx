import { MESSAGES, PAYMENT_IN_PERSON } from '@market/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { SafetyAdvice } from '../../../features/bookings/components/safety-advice.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  return (
    <section className="space-y-6">
      <PageTitle page="Checkout" />
      <div className="rounded-box bg-base-200 p-10 text-center">
        <h1 className="text-3xl font-bold">{MESSAGES.checkoutTitle}</h1>
        <p className="mx-auto mt-3 max-w-prose text-lg font-semibold">{PAYMENT_IN_PERSON}</p>
        <p className="mx-auto mt-3 max-w-prose">
          You pay the seller once you have checked the phone, at the meeting they set when they
          accept your request. The meeting, the seller&apos;s phone number and your hand-over code
          are in{' '}
          <Link to={paths.dashboard.myOrders} className="link link-primary">
            My Orders
          </Link>
          .
        </p>
      </div>
      <SafetyAdvice />
    </section>
  );
}
