import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClientContext } from '../../lib/query-client.ts';
import { advertisementsQueryOptions } from '../../features/catalog/api/get-advertisements.ts';
import { categoriesQueryOptions } from '../../features/catalog/api/get-categories.ts';
import { reviewsQueryOptions } from '../../features/content/api/get-reviews.ts';
import { AdvertisementSection } from '../../features/catalog/components/advertisement-section.tsx';
import { CategoryGrid } from '../../features/catalog/components/category-grid.tsx';
import { Hero } from '../../features/content/components/hero.tsx';
import { PromoBanner } from '../../features/content/components/promo-banner.tsx';
import { Testimonials } from '../../features/content/components/testimonials.tsx';
import { WhyWeAreBest } from '../../features/content/components/why-we-are-best.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';

/** The sections' data comes with the page, so the page does not move as it arrives. */
export async function loader({ context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  // A failed read is left to its section, which shows the error with a Retry button.
  await Promise.all([
    queryClient.prefetchQuery(advertisementsQueryOptions),
    queryClient.prefetchQuery(categoriesQueryOptions),
    queryClient.prefetchQuery(reviewsQueryOptions),
  ]);
  return null;
}

/** The home page, in the order the spec gives. */
export default function HomeRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle />
      <Hero />
      <AdvertisementSection />
      <section aria-labelledby="all-categories-heading" className="py-10">
        <h2 id="all-categories-heading" className="mb-6 text-center text-3xl font-bold">
          {t('home.allCategories')}
        </h2>
        <CategoryGrid />
      </section>
      <PromoBanner />
      <WhyWeAreBest />
      <Testimonials />
    </>
  );
}
