import { useNavigate } from 'react-router';
import { MESSAGES, type NewProduct } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { useAddProduct } from '../../../features/listings/api/add-product.ts';
import { ProductForm } from '../../../features/listings/components/product-form.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';

export function Component() {
  const me = useDashboardUser();
  const navigate = useNavigate();
  const addProduct = useAddProduct(me.email);

  const add = async (product: NewProduct) => {
    await addProduct.mutateAsync(product);
    toast.success(MESSAGES.productAdded);
    await navigate(paths.dashboard.myProducts);
  };

  return (
    <section>
      <PageTitle page="Add Product" />
      <h1 className="mb-6 text-2xl font-bold">Add Product</h1>
      <ProductForm onSubmit={add} submitLabel="Add Product" action="Adding the product" />
    </section>
  );
}
