import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';

/** The home page's opening banner: what the marketplace is for. */
export function Hero() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="hero-heading"
      className="mt-6 grid items-center gap-8 overflow-hidden rounded-box bg-gradient-to-br from-primary to-teal-900 p-6 text-primary-content sm:p-10 md:grid-cols-2"
    >
      <div>
        <p className="mb-2 text-sm font-semibold uppercase tracking-widest">
          {t('home.hero.kicker')}
        </p>
        <h1 id="hero-heading" className="text-3xl font-extrabold leading-tight sm:text-5xl">
          {t('home.hero.title')}
        </h1>
        <p className="mt-4 max-w-prose text-lg">{t('home.hero.text')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={paths.categories} className="btn btn-secondary">
            {t('home.hero.browse')}
          </Link>
          <Link
            to={paths.registration}
            className="btn btn-outline border-primary-content text-primary-content hover:bg-primary-content hover:text-primary"
          >
            {t('home.hero.sell')}
          </Link>
        </div>
      </div>
      <img
        src="/demo/iphone-1.webp"
        alt={t('home.hero.imageAlt')}
        width={600}
        height={600}
        fetchPriority="high"
        className="mx-auto aspect-square w-full max-w-sm rounded-box object-cover shadow-xl"
      />
    </section>
  );
}
