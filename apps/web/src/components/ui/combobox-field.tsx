import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { FormField, errorProps } from './form-field.tsx';
import { SuggestionList } from './suggestion-list.tsx';

/**
 * A labelled form field with suggestions, after the WAI-ARIA combobox pattern (list
 * autocomplete), like the search box (combobox.tsx) but inside a form and without submitting:
 * the field has role=combobox and controls a listbox; Down and Up move through the options (the
 * field keeps the focus, aria-activedescendant points at the option), Enter or a tap picks one,
 * Escape closes the list. What is typed stays free text: a suggestion only fills it in.
 */
export function ComboboxField({
  label,
  value,
  onChange,
  onBlur,
  suggestions,
  error,
  hint,
  name,
  maxLength,
  inputRef,
}: {
  label: string;
  value: string;
  /** Typed, or picked from the suggestions. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The suggestions for what is typed now; the parent loads them. */
  suggestions: readonly string[];
  error?: string;
  hint?: ReactNode;
  name?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Only what differs from the field is worth offering.
  const options = suggestions.filter((s) => s !== value);
  const expanded = open && options.length > 0;

  const pick = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length === 0) return;
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => {
        if (!expanded) return step === 1 ? 0 : options.length - 1;
        return (i + step + options.length) % options.length;
      });
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      // Kept from a dialog's own Escape: only the list closes.
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      const option = options[active];
      if (option !== undefined) pick(option);
    }
  };

  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          autoComplete="off"
          maxLength={maxLength}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
          className={`input w-full ${error ? 'input-error' : ''}`}
          {...errorProps(id, error)}
        />
        <SuggestionList
          id={listId}
          label={`${label}: suggestions`}
          options={options}
          active={active}
          expanded={expanded}
          onPick={pick}
        />
      </div>
    </FormField>
  );
}
