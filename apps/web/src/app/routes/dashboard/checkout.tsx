import { MESSAGES } from '@market/shared';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  return (
    <section className="rounded-box bg-base-200 p-10 text-center">
      <PageTitle page="Checkout" />
      <h1 className="text-3xl font-bold">{MESSAGES.checkoutTitle}</h1>
    </section>
  );
}
