import { useTranslation } from 'react-i18next';
import { ErrorState, EmptyState } from '../../../components/ui/error-state.tsx';
import { SectionSpinner } from '../../../components/ui/spinner.tsx';
import { useReviews } from '../api/get-reviews.ts';

/** What clients say (GET /reviews). */
export function Testimonials() {
  const { t } = useTranslation();
  const reviews = useReviews();
  return (
    <section aria-labelledby="testimonials-heading" className="py-10">
      <h2 id="testimonials-heading" className="mb-6 text-center text-3xl font-bold">
        {t('home.testimonials.title')}
      </h2>
      {reviews.isPending && <SectionSpinner />}
      {reviews.isError && (
        <ErrorState error={reviews.error} onRetry={() => void reviews.refetch()} />
      )}
      {reviews.isSuccess && reviews.data.length === 0 && (
        <EmptyState>{t('home.testimonials.empty')}</EmptyState>
      )}
      {reviews.isSuccess && reviews.data.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reviews.data.map((review) => (
            <li key={review._id} className="card border border-base-300 bg-base-100 shadow-sm">
              <figure className="card-body items-center justify-start gap-3 p-6 text-center">
                <img
                  src={review.img}
                  alt={review.name}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="h-20 w-20 rounded-full object-cover"
                />
                <blockquote className="text-base-content/80">“{review.reviewText}”</blockquote>
                <figcaption className="font-semibold">{review.name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
