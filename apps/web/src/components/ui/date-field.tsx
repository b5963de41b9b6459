import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKnownText } from '../../i18n/known-texts.ts';
import { useFormat } from '../../i18n/locale.tsx';

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

interface Parts {
  day: string;
  month: string;
  year: string;
}

function partsOf(value: string | null | undefined): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

/** The day as YYYY-MM-DD once all three are chosen and make a real day; else null. */
function dayOf({ day, month, year }: Parts): string | null {
  if (!day || !month || !year) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day)) return null;
  return `${year}-${pad(Number(month))}-${pad(Number(day))}`;
}

/**
 * A day picked the way the site writes dates: day, then month, then year (a browser's own date
 * input follows the browser's language instead). `onChange` gets YYYY-MM-DD; null when nothing
 * is chosen; '' while the choice is partial or not a real day (31 June), which the form's rule
 * refuses with its message.
 */
export function DayMonthYearPicker({
  label,
  value,
  onChange,
  onBlur,
  years,
  error,
  describedBy,
}: {
  /** Names the three selects for screen readers ("Warranty until: day"). */
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  /** The years offered, in order. */
  years: readonly number[];
  error?: string | undefined;
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  // A value set from outside (a reset, a restored draft) replaces the choice.
  const [emitted, setEmitted] = useState(value);
  if (value !== emitted) {
    setEmitted(value);
    setParts(partsOf(value));
  }
  const change = (key: keyof Parts, picked: string) => {
    const next = { ...parts, [key]: picked };
    setParts(next);
    const empty = !next.day && !next.month && !next.year;
    const day = empty ? null : (dayOf(next) ?? '');
    setEmitted(day);
    onChange(day);
  };
  const selectClass = `select min-w-0 ${error ? 'select-error' : ''}`;
  const common = {
    className: selectClass,
    onBlur,
    'aria-invalid': error ? (true as const) : (false as const),
    'aria-describedby': describedBy,
  };
  return (
    <div className="grid grid-cols-[4.5rem_1fr_6rem] gap-2">
      <select
        {...common}
        aria-label={t('widgets.date.dayOf', { label })}
        value={parts.day}
        onChange={(e) => change('day', e.target.value)}
      >
        <option value="">{t('widgets.date.day')}</option>
        {Array.from({ length: 31 }, (_, i) => (
          <option key={i + 1} value={String(i + 1)}>
            {format.digits(pad(i + 1))}
          </option>
        ))}
      </select>
      <select
        {...common}
        aria-label={t('widgets.date.monthOf', { label })}
        value={parts.month}
        onChange={(e) => change('month', e.target.value)}
      >
        <option value="">{t('widgets.date.month')}</option>
        {MONTHS.map((month) => (
          <option key={month} value={String(month)}>
            {`${format.digits(pad(month))} ${format.monthName(month)}`}
          </option>
        ))}
      </select>
      <select
        {...common}
        aria-label={t('widgets.date.yearOf', { label })}
        value={parts.year}
        onChange={(e) => change('year', e.target.value)}
      >
        <option value="">{t('widgets.date.year')}</option>
        {years.map((year) => (
          <option key={year} value={String(year)}>
            {format.count(year)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled day-month-year picker with its hint and error, like the other fields. */
export function DateField({
  label,
  hint,
  error,
  ...picker
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  years: readonly number[];
}) {
  const id = useId();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend text-sm">{label}</legend>
      <DayMonthYearPicker
        label={label}
        error={error}
        describedBy={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...picker}
      />
      <FieldNote id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** A date field's hint, or its error in its place; `id` is the field's, as `describedBy` names. */
function FieldNote({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const knownText = useKnownText();
  if (error) {
    return (
      <p id={`${id}-error`} className="text-sm text-error">
        {knownText(error)}
      </p>
    );
  }
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="text-sm text-base-content/80">
      {hint}
    </p>
  );
}

/** What a date-and-time field holds while its choice is partial; no rule takes it as a time. */
export const INCOMPLETE_TIME = 'incomplete';

/**
 * A meeting time picked as day, month and year (the site's order), then the time of day. The
 * value is the form's local 'YYYY-MM-DDTHH:MM'; '' with nothing chosen; INCOMPLETE_TIME while
 * only part of it is.
 */
export function DateTimeField({
  label,
  hint,
  error,
  value,
  onChange,
  onBlur,
  years,
}: {
  label: string;
  hint?: string;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  years: readonly number[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const [day, setDay] = useState<string | null>(() => value.slice(0, 10) || null);
  const [time, setTime] = useState(() => value.slice(11, 16));
  const [emitted, setEmitted] = useState(value);
  if (value !== emitted) {
    setEmitted(value);
    if (value !== INCOMPLETE_TIME) {
      setDay(value.slice(0, 10) || null);
      setTime(value.slice(11, 16));
    }
  }
  const emit = (nextDay: string | null, nextTime: string) => {
    const next =
      nextDay === null && !nextTime
        ? ''
        : nextDay && nextTime
          ? `${nextDay}T${nextTime}`
          : INCOMPLETE_TIME;
    setEmitted(next);
    onChange(next);
  };
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend text-sm">{label}</legend>
      <div className="flex flex-wrap gap-2">
        <div className="min-w-0 grow basis-64">
          <DayMonthYearPicker
            label={label}
            value={day}
            onChange={(picked) => {
              setDay(picked);
              emit(picked, time);
            }}
            years={years}
            error={error}
            describedBy={describedBy}
            {...(onBlur ? { onBlur } : {})}
          />
        </div>
        <input
          type="time"
          aria-label={t('widgets.date.timeOf', { label })}
          className={`input w-32 ${error ? 'input-error' : ''}`}
          value={time}
          onChange={(e) => {
            setTime(e.target.value);
            emit(day, e.target.value);
          }}
          onBlur={onBlur}
          aria-invalid={error ? true : false}
          aria-describedby={describedBy}
        />
      </div>
      <FieldNote id={id} hint={hint} error={error} />
    </fieldset>
  );
}
