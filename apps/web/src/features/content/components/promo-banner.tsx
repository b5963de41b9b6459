import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';

/** The spec's promotional banner. */
export function PromoBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="promo-heading"
      className="my-10 flex flex-col items-center justify-between gap-4 rounded-box bg-secondary p-8 text-center text-secondary-content md:flex-row md:text-left"
    >
      <div>
        <h2 id="promo-heading" className="text-3xl font-extrabold sm:text-4xl">
          {t('home.promo.title')}
        </h2>
        <p className="mt-2 text-lg">{t('home.promo.text')}</p>
      </div>
      <Link
        to={paths.categories}
        className="btn btn-lg border-0 bg-base-100 text-secondary hover:bg-base-200"
      >
        {t('home.promo.shop')}
      </Link>
    </section>
  );
}
