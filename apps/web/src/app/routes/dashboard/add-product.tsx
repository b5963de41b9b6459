import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES, type NewProduct } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { useAddProduct } from '../../../features/listings/api/add-product.ts';
import { ProductForm } from '../../../features/listings/components/product-form.tsx';
import { discardDraft, readDraft } from '../../../features/listings/components/product-draft.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AreaField } from '../../../features/places/components/area-field.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** "26-11-2026 at 14:05": when the draft was last changed, in the site's day-month-year. */
function savedAtText(iso: string): string {
  const d = new Date(iso);
  const day = `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
  return `${day} at ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function Component() {
  const me = useDashboardUser();
  const navigate = useNavigate();
  const addProduct = useAddProduct(me.email);
  // The account's listing in progress, if any: the form starts from it.
  const [draft, setDraft] = useState(() => readDraft(me._id));
  const [formKey, setFormKey] = useState(0);

  const add = async (product: NewProduct) => {
    await addProduct.mutateAsync(product);
    discardDraft(me._id);
    toast.success(MESSAGES.productAdded);
    await navigate(paths.dashboard.myProducts);
  };

  const discard = () => {
    setDraft(null);
    setFormKey((key) => key + 1);
    toast.success('Draft discarded');
  };
  // Once the old form is gone (it writes what it still held as it goes), a fresh one starts.
  useEffect(() => {
    if (formKey > 0) discardDraft(me._id);
  }, [formKey, me._id]);

  return (
    <section>
      <PageTitle page="Add Product" />
      <h1 className="mb-6 text-2xl font-bold">Add Product</h1>
      {draft && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-box border border-info/40 bg-info/5 p-4 text-sm"
        >
          <p>
            <span className="font-semibold">Your draft is back</span>, as you left it on{' '}
            {savedAtText(draft.savedAt)}. It stays until you post it or discard it.
            {draft.photosDropped &&
              ' Its photos were uploaded more than a day ago and are no longer kept: add them again.'}
          </p>
          <button type="button" className="btn btn-sm btn-outline" onClick={discard}>
            Discard draft
          </button>
        </div>
      )}
      <ProductForm
        AreaInput={AreaField}
        key={formKey}
        onSubmit={add}
        submitLabel="Add Product"
        action="Adding the product"
        draft={{ userId: me._id, values: draft?.values }}
      />
    </section>
  );
}
