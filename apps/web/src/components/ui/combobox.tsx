import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SuggestionList, useSuggestions } from './suggestion-list.tsx';

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/**
 * A search field with suggestions, after the WAI-ARIA combobox pattern (list autocomplete): the
 * field has role=combobox and controls a listbox; Down and Up move through the options (the
 * field keeps the focus, aria-activedescendant points at the option), Enter picks the active
 * option or submits what was typed, Escape closes the list and, once closed, clears the field.
 * It is a GET form to `action`, so it works before the page's scripts have arrived.
 */
export function SearchCombobox({
  label,
  action,
  name = 'q',
  placeholder,
  initialValue = '',
  fetchSuggestions,
  onSubmit,
  inputId,
  hint,
}: {
  label: string;
  action: string;
  name?: string;
  placeholder?: string;
  initialValue?: string;
  /** Suggestions for what was typed; the signal aborts a call whose words changed since. */
  fetchSuggestions: (text: string, signal: AbortSignal) => Promise<string[]>;
  /** The search to run: the picked suggestion or the typed words. */
  onSubmit: (value: string) => void;
  inputId?: string;
  /**
   * Said under the field while it has the focus and no suggestions show (e.g. to a visitor, that
   * results need an account); it also describes the field to a screen reader.
   */
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const ownId = useId();
  const id = inputId ?? `${ownId}-input`;
  const hintId = `${ownId}-hint`;
  const [value, setValue] = useState(initialValue);
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const list = useSuggestions({
    options: suggestions,
    value,
    onType: (text) => {
      setValue(text);
      setAsked(text);
      if (text.trim() === '') setSuggestions([]);
    },
    onPick: (picked) => submit(picked),
    // Escape on a closed list clears the field.
    clearOnEscape: true,
    onClear: () => {
      setValue('');
      setSuggestions([]);
    },
  });
  // What the suggestions were asked for: typing asks again, picking one does not.
  const [asked, setAsked] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  // The field follows the address (e.g. Back to another search), unless it has the focus.
  const [lastInitial, setLastInitial] = useState(initialValue);
  if (lastInitial !== initialValue) {
    setLastInitial(initialValue);
    setValue(initialValue);
  }

  useEffect(() => {
    const text = asked.trim();
    if (text === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchSuggestions(text, controller.signal).then(
        (found) => setSuggestions(found),
        // A failed or aborted suggestion call leaves the field working as a plain search.
        () => setSuggestions([]),
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [asked, fetchSuggestions]);

  function submit(text: string) {
    // A suggestion call still on its way must not open the list again over the results.
    setAsked('');
    setSuggestions([]);
    list.close();
    setValue(text);
    onSubmit(text.trim());
  }

  const onFormSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The field itself: words typed before the page's scripts took over are in it, not in state.
    submit(inputRef.current?.value ?? value);
  };

  return (
    <form
      role="search"
      action={action}
      method="get"
      onSubmit={onFormSubmit}
      className="group relative"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex">
        <input
          {...list.getInputProps({ ref: inputRef, id, name, maxLength: 100 })}
          type="search"
          aria-describedby={hint ? hintId : undefined}
          enterKeyHint="search"
          placeholder={placeholder}
          className="input input-bordered min-h-11 w-full min-w-0 rounded-r-none md:w-64"
        />
        <button
          type="submit"
          className="btn btn-primary min-h-11 rounded-l-none"
          aria-label={t('widgets.search')}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <SuggestionList
        list={list}
        label={t('widgets.suggestions')}
        options={suggestions}
        expanded={list.expanded}
        maxHeightClass="max-h-80"
      />
      {hint && (
        <div
          id={hintId}
          // Shown while the focus is in the form (the field, or a link of the hint), also before
          // the page's scripts have run; the suggestions take its place.
          className={`hidden ${list.expanded ? '' : 'group-focus-within:block'} absolute right-0 left-0 z-40 mt-1 rounded-box border border-base-300 bg-base-100 p-3 text-sm shadow-lg md:left-auto md:w-80`}
        >
          {hint}
        </div>
      )}
    </form>
  );
}
