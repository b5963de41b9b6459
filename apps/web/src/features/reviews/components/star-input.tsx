import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const WORDS = ['poor', 'fair', 'good', 'veryGood', 'excellent'] as const;
const FIVE = [1, 2, 3, 4, 5] as const;

/**
 * Five stars to choose from: native radio buttons under one legend, so a keyboard moves with the
 * arrow keys and a screen reader says "4 stars, radio button, 4 of 5". Each star is a 44 px
 * target; the chosen one's word shows beside them.
 */
export function StarInput({
  value,
  onChange,
  onBlur,
  error,
  legend,
}: {
  value: number | null;
  onChange: (value: number) => void;
  onBlur: () => void;
  error?: string;
  legend?: string;
}) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="fieldset"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="fieldset-legend text-sm">{legend ?? t('reviewForm.yourRating')}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="rating gap-1 [--size:2.75rem]">
          {FIVE.map((n) => (
            <input
              key={n}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              aria-label={t('reviewForm.stars', { count: n })}
              className="mask mask-star-2 bg-warning"
            />
          ))}
        </div>
        <span className="min-w-20 text-sm font-medium" aria-hidden="true">
          {value ? t(`reviewForm.word.${WORDS[value - 1]!}`) : ''}
        </span>
      </div>
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
