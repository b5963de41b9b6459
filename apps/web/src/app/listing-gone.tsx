import { Form, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../i18n/locale.tsx';
import { paths } from '../config/paths.ts';
import { useSimilarListings } from '../features/catalog/api/get-similar-listings.ts';
import { EmptyState } from '../components/ui/error-state.tsx';
import { PageTitle } from '../components/ui/page-title.tsx';
import { SectionSpinner } from '../components/ui/spinner.tsx';
import { ProductResults, RESULTS_GRID } from './product-results.tsx';

/**
 * The page of a listing that is gone (deleted) or off show (held, hidden, or its seller
 * suspended), inside the site's header and footer: it says so, and offers phones like it and a
 * search, so that a shared or saved link does not end there.
 */
export function ListingGone({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const similar = useSimilarListings(id);
  const known = similar.data?.model ?? similar.data?.brand ?? null;
  const heading = known ? t('listing.gone.others', { name: known }) : t('listing.gone.onOffer');
  return (
    <div className="flex flex-col gap-10 py-10">
      <PageTitle page={t('listing.gone.pageTitle')} />
      <section className="flex flex-col items-center gap-4 text-center">
        <p aria-hidden="true" className="text-5xl font-extrabold text-primary sm:text-7xl">
          {format.count(404)}
        </p>
        <h1 className="text-3xl font-bold">{t('listing.gone.title')}</h1>
        <p className="max-w-xl text-base-content/80">{t('listing.gone.text')}</p>
        <Form
          method="get"
          action={paths.search}
          role="search"
          aria-label={t('listing.gone.searchLabel')}
          className="join w-full max-w-md"
        >
          <label htmlFor="gone-search" className="sr-only">
            {t('listing.gone.searchLabel')}
          </label>
          <input
            id="gone-search"
            name="q"
            type="search"
            // The model (or brand) of the phone that was here, when the site still knows it.
            key={known ?? ''}
            defaultValue={known ?? ''}
            placeholder={t('listing.gone.placeholder')}
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            {t('nav.search')}
          </button>
        </Form>
        <Link to={paths.home} className="link link-primary">
          {t('errors.notFound.home')}
        </Link>
      </section>

      <section aria-labelledby="similar-heading">
        <h2 id="similar-heading" className="mb-4 text-xl font-semibold">
          {heading}
        </h2>
        {similar.isPending ? (
          <SectionSpinner />
        ) : similar.isError || similar.data.listings.length === 0 ? (
          <EmptyState>{t('listing.gone.noSimilar')}</EmptyState>
        ) : (
          <ProductResults
            items={similar.data.listings}
            view="cards"
            listLabel={heading}
            gridLabel={heading}
            gridClassName={RESULTS_GRID}
          />
        )}
      </section>
    </div>
  );
}
