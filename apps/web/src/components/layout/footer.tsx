import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useFormat } from '../../i18n/locale.tsx';
import { BrandLogo } from './brand-logo.tsx';

const usefulLinks = [
  { label: 'nav.home', to: paths.home },
  { label: 'nav.categories', to: paths.categories },
  { label: 'nav.blog', to: paths.blog },
] as const;

// The spec's footer lists these four brands, in this order and spelling, all pointing to
// /categories; brand names are the same in every language.
const footerCategories = ['samsung', 'iPhone', 'xiaomi', 'realme'];

/** `supportEmail`: the operator's support address (the app passes it in), or null. */
export function Footer({ supportEmail = null }: { supportEmail?: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <footer className="mt-16 bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-3">
        <div>
          <BrandLogo className="!text-neutral-content" />
          <p className="mt-3 max-w-xs text-sm">{t('footer.about')}</p>
          {/* Beside the specification's lists: where to get help. */}
          <p className="mt-3 flex flex-wrap gap-x-4 text-sm">
            <Link to={paths.help} className="link link-hover inline-flex min-h-11 items-center">
              {t('footer.help')}
            </Link>
            <Link
              to={paths.dashboard.stolenPhones}
              className="link link-hover inline-flex min-h-11 items-center"
            >
              {t('footer.stolen')}
            </Link>
            <Link
              to={paths.meetingSpots}
              className="link link-hover inline-flex min-h-11 items-center"
            >
              {t('footer.meetingSpots')}
            </Link>
            {supportEmail && (
              <a
                href={`mailto:${supportEmail}`}
                className="link link-hover inline-flex min-h-11 items-center break-all"
              >
                {supportEmail}
              </a>
            )}
          </p>
        </div>
        <div>
          <h2 className="mb-3 font-semibold uppercase tracking-wide">{t('footer.usefulLinks')}</h2>
          <ul className="space-y-1 md:space-y-2">
            {usefulLinks.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  className="link link-hover inline-flex min-h-11 items-center md:min-h-0"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="mb-3 font-semibold uppercase tracking-wide">{t('nav.categories')}</h2>
          <ul className="space-y-1 md:space-y-2">
            {footerCategories.map((name) => (
              <li key={name}>
                <Link
                  to={paths.categories}
                  className="link link-hover inline-flex min-h-11 items-center md:min-h-0"
                >
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-neutral-content/20 py-4 text-center text-sm">
        {t('footer.copyright', { year: format.count(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}
