import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { truncateDescription, type Advertisement } from '@market/shared';
import { useFormat } from '../../../i18n/locale.tsx';
import { paths } from '../../../config/paths.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useAdvertisements } from '../api/get-advertisements.ts';
import { CardImage } from './product-card.tsx';

function AdvertisementCard({ ad }: { ad: Advertisement }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <figure className="bg-base-200">
        {/* The title's link names the page; this one is for the pointer only. */}
        <Link to={paths.product(ad._id)} tabIndex={-1} aria-hidden="true" className="block w-full">
          <CardImage url={ad.imgURL} alt={ad.name} eager={false} />
        </Link>
      </figure>
      <div className="card-body gap-2 p-4">
        <h3 className="card-title min-w-0 text-lg wrap-anywhere">
          <Link to={paths.product(ad._id)} className="link-hover">
            {ad.name}
          </Link>
        </h3>
        <span className="badge badge-outline">{ad.Category}</span>
        <p className="text-sm text-base-content/80">{truncateDescription(ad.description)}</p>
        <p className="flex grow-0 flex-wrap gap-x-4 text-sm">
          <span>
            {t('listing.originalPrice')} <s>{format.price(ad.originalPrice)}</s>
          </span>
          <span className="font-semibold text-primary">
            {t('listing.resellPrice')} {format.price(ad.resellPrice)}
          </span>
        </p>
        <div className="card-actions mt-auto justify-end">
          <Link to={paths.categories} className="btn btn-outline btn-primary btn-sm">
            {t('home.ads.readMore')}
            <span className="sr-only">{t('home.ads.readMoreAbout', { name: ad.name })}</span>
          </Link>
        </div>
      </div>
    </li>
  );
}

/** The home page's hot-listed phones; the whole section disappears when there are none. */
export function AdvertisementSection() {
  const { t } = useTranslation();
  const ads = useAdvertisements();
  if (ads.isSuccess && ads.data.length === 0) return null;
  return (
    <section aria-labelledby="advertisement-heading" className="py-10">
      <h2 id="advertisement-heading" className="mb-6 text-center text-3xl font-bold">
        {t('home.ads.title')}
      </h2>
      {ads.isPending && <SectionSpinner />}
      {ads.isError && <ErrorState error={ads.error} onRetry={() => void ads.refetch()} />}
      {ads.isSuccess && (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {ads.data.map((ad) => (
            <AdvertisementCard key={ad._id} ad={ad} />
          ))}
        </ul>
      )}
    </section>
  );
}
