import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const reasons: Array<{ key: 'support' | 'update' | 'warranty'; icon: ReactNode }> = [
  {
    key: 'support',
    icon: (
      <path
        d="M4 13a8 8 0 0116 0v4a2 2 0 01-2 2h-2v-6h4M4 13v4a2 2 0 002 2h2v-6H4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    ),
  },
  {
    key: 'update',
    icon: (
      <path
        d="M20 11a8 8 0 00-14.9-3M4 4v4h4M4 13a8 8 0 0014.9 3M20 20v-4h-4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
  {
    key: 'warranty',
    icon: (
      <path
        d="M12 3l7 3v5c0 5-3.5 8.5-7 10-3.5-1.5-7-5-7-10V6l7-3zM9 12l2 2 4-4"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
  },
];

/** The spec's 'Why we are best' block. */
export function WhyWeAreBest() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="why-heading" className="py-10">
      <h2 id="why-heading" className="mb-6 text-center text-3xl font-bold">
        {t('home.why.title')}
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {reasons.map((reason) => (
          <li key={reason.key} className="rounded-box bg-base-200 p-6 text-center">
            <svg
              width="40"
              height="40"
              viewBox="0 0 24 24"
              fill="none"
              aria-hidden="true"
              className="mx-auto mb-3 text-primary"
            >
              {reason.icon}
            </svg>
            <h3 className="text-xl font-bold">{t(`home.why.${reason.key}.title`)}</h3>
            <p className="mt-2 text-base-content/80">{t(`home.why.${reason.key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
