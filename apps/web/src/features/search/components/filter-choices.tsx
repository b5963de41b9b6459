import { createContext, useContext, type ReactNode } from 'react';
import { useFormat } from '../../../i18n/locale.tsx';

/**
 * True while the counts are lower bounds: the search stopped counting at its limit
 * (SearchFacets.exact false), so each count is of the matches it read.
 */
export const CountsAreLowerBounds = createContext(false);

function Count({ n }: { n: number | undefined }) {
  const lowerBound = useContext(CountsAreLowerBounds);
  const format = useFormat();
  if (n === undefined || (lowerBound && n === 0)) return null;
  return (
    <span className="ml-auto shrink-0 text-sm whitespace-nowrap text-base-content/70 tabular-nums">
      ({format.count(n)}
      {lowerBound ? '+' : ''})
    </span>
  );
}

export function countOf<T>(list: { value: T; count: number }[] | undefined, value: T) {
  return list?.find((entry) => entry.value === value)?.count ?? (list ? 0 : undefined);
}

export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-field px-1 hover:bg-base-200';

/**
 * One choice of a filter, with how many results it would leave. Its name and value make the
 * form a plain GET form too, which the Apply button sends when the page's scripts have not run.
 */
export function Choice({
  type,
  name,
  value,
  checked,
  onChange,
  count,
  children,
}: {
  type: 'checkbox' | 'radio';
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  count?: number;
  children: ReactNode;
}) {
  return (
    <label className={OPTION}>
      <input
        type={type}
        name={name}
        value={value}
        className={type === 'radio' ? 'radio radio-sm' : 'checkbox checkbox-sm'}
        checked={checked}
        onChange={onChange}
      />
      {children}
      <Count n={count} />
    </label>
  );
}

/** A filter's choices: their values, as the facets count them, and how each reads. */
interface ChoicesProps<T> {
  legend: string;
  name: string;
  options: readonly T[];
  counts: { value: T; count: number }[] | undefined;
  label: (option: T) => ReactNode;
}

/** A filter of several choices at once. */
export function CheckboxList<T extends string | number>({
  chosen,
  onChange,
  ...choices
}: ChoicesProps<T> & { chosen: T[]; onChange: (chosen: T[]) => void }) {
  const toggle = (option: T) =>
    onChange(chosen.includes(option) ? chosen.filter((v) => v !== option) : [...chosen, option]);
  return (
    <ChoiceGroup {...choices} type="checkbox" isChosen={(o) => chosen.includes(o)} pick={toggle} />
  );
}

/** A filter of one choice, or none (`anyLabel`). */
export function RadioList<T extends string | number>({
  anyLabel,
  chosen,
  onChange,
  ...choices
}: ChoicesProps<T> & {
  anyLabel: string;
  chosen: T | undefined;
  onChange: (chosen: T | undefined) => void;
}) {
  return (
    <ChoiceGroup {...choices} type="radio" isChosen={(o) => chosen === o} pick={onChange}>
      <Choice
        type="radio"
        name={choices.name}
        value=""
        checked={chosen === undefined}
        onChange={() => onChange(undefined)}
      >
        {anyLabel}
      </Choice>
    </ChoiceGroup>
  );
}

function ChoiceGroup<T extends string | number>({
  legend,
  name,
  options,
  counts,
  label,
  type,
  isChosen,
  pick,
  children,
}: ChoicesProps<T> & {
  type: 'checkbox' | 'radio';
  isChosen: (option: T) => boolean;
  pick: (option: T) => void;
  /** Choices before the options (a radio group's "any"). */
  children?: ReactNode;
}) {
  return (
    <Group legend={legend}>
      {children}
      {options.map((option) => (
        <Choice
          key={option}
          type={type}
          name={name}
          value={String(option)}
          checked={isChosen(option)}
          onChange={() => pick(option)}
          count={countOf(counts, option)}
        >
          {label(option)}
        </Choice>
      ))}
    </Group>
  );
}
