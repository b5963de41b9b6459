import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { AddProductForm } from '../../../features/listings/components/add-product-form.tsx';

export function Component() {
  const me = useDashboardUser();
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">Add Product</h1>
      <AddProductForm email={me.email} />
    </section>
  );
}
