import { PossessionPanel } from '../../../features/possession/components/possession-panel.tsx';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sellerFieldsOf, type NewProduct } from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDashboardUser } from '../../../components/layout/dashboard-shell.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { NotFoundContent } from '../../../components/layout/not-found-content.tsx';
import { useListing } from '../../../features/catalog/api/get-listing.ts';
import { useUpdateProduct } from '../../../features/listings/api/update-product.ts';
import { ProductForm } from '../../../features/listings/components/product-form.tsx';
import { AreaField } from '../../../features/places/components/area-field.tsx';

/** The seller changes one of their listings with the same form as adding one. */
export function Component() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const me = useDashboardUser();
  const navigate = useNavigate();
  const listing = useListing(productId);
  const update = useUpdateProduct(productId);

  const save = async (product: NewProduct) => {
    await update.mutateAsync(product);
    toast.success(t('productForm.updated'));
    await navigate(paths.dashboard.myProducts);
  };

  const heading = (
    <>
      <PageTitle page={t('productForm.editTitle')} />
      <h1 className="mb-6 text-2xl font-bold">{t('productForm.editTitle')}</h1>
    </>
  );
  if (listing.isPending)
    return (
      <section>
        {heading}
        <SectionSpinner />
      </section>
    );
  if (listing.isError) {
    if (listing.error instanceof ApiError && listing.error.status === 404) {
      return <NotFoundContent />;
    }
    return (
      <section>
        {heading}
        <ErrorState error={listing.error} onRetry={() => void listing.refetch()} />
      </section>
    );
  }
  // Someone else's listing is not among yours: the same answer as the server's.
  if (listing.data.sellerId !== me._id) return <NotFoundContent />;
  if (listing.data.status === 'sold') {
    return (
      <section>
        {heading}
        <p role="status" className="alert alert-info">
          {t('productForm.soldNoChange')}
        </p>
        <Link to={paths.product(productId)} className="link link-primary mt-4 inline-block">
          {t('productForm.seeListing')}
        </Link>
      </section>
    );
  }
  return (
    <section>
      {heading}
      <p className="mb-4 wrap-anywhere">
        <Link to={paths.product(productId)} className="link link-primary">
          {t('productForm.seeAsBuyers')}
        </Link>
      </p>
      <PossessionPanel productId={productId} />
      <ProductForm
        AreaInput={AreaField}
        key={listing.data._id}
        initialValues={sellerFieldsOf(listing.data)}
        imeiOnFile={listing.data.imeiGiven}
        onSubmit={save}
        submitLabel={t('productForm.saveChanges')}
        action="Saving the listing"
      />
    </section>
  );
}
