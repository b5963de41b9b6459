import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { MESSAGES, type NewProduct } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { useAddProduct } from '../../../features/listings/api/add-product.ts';
import { ProductForm } from '../../../features/listings/components/product-form.tsx';
import { discardDraft, readDraft } from '../../../features/listings/components/product-draft.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { AreaField } from '../../../features/places/components/area-field.tsx';
import { useFormat } from '../../../i18n/locale.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** When the draft was last changed, in this device's time: day-month-year and 24-hour time. */
function savedAt(iso: string): { day: string; time: string } {
  const d = new Date(iso);
  return {
    day: `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`,
    time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  };
}

export function Component() {
  const { t } = useTranslation();
  const format = useFormat();
  const me = useDashboardUser();
  const inDigits = ({ day, time }: { day: string; time: string }) => ({
    day: day.replace(/\d/g, (digit) => format.number(Number(digit))),
    time: time.replace(/\d/g, (digit) => format.number(Number(digit))),
  });
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
    toast.success(t('productForm.draft.discarded'));
  };
  // Once the old form is gone (it writes what it still held as it goes), a fresh one starts.
  useEffect(() => {
    if (formKey > 0) discardDraft(me._id);
  }, [formKey, me._id]);

  return (
    <section>
      <PageTitle page={t('productForm.addTitle')} />
      <h1 className="mb-6 text-2xl font-bold">{t('productForm.addTitle')}</h1>
      {draft && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-box border border-info/40 bg-info/5 p-4 text-sm"
        >
          <p>
            <Trans
              i18nKey="productForm.draft.back"
              values={inDigits(savedAt(draft.savedAt))}
              components={{ strong: <span className="font-semibold" /> }}
            />
            {draft.photosDropped && ` ${t('productForm.draft.photosDropped')}`}
          </p>
          <button type="button" className="btn btn-sm btn-outline" onClick={discard}>
            {t('productForm.draft.discard')}
          </button>
        </div>
      )}
      <ProductForm
        AreaInput={AreaField}
        key={formKey}
        onSubmit={add}
        submitLabel={t('productForm.addTitle')}
        action="Adding the product"
        draft={{ userId: me._id, values: draft?.values }}
      />
    </section>
  );
}
