import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, errorProps } from './form-field.tsx';
import { SuggestionList, useSuggestions } from './suggestion-list.tsx';

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
  const { t } = useTranslation();
  const id = useId();
  // Only what differs from the field is worth offering.
  const options = suggestions.filter((s) => s !== value);
  const list = useSuggestions({ options, value, onType: onChange, onPick: onChange });

  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          {...list.getInputProps({
            ref: inputRef,
            id,
            name,
            maxLength,
            onBlur: () => onBlur?.(),
            ...errorProps(id, error),
          })}
          type="text"
          className={`input w-full ${error ? 'input-error' : ''}`}
        />
        <SuggestionList
          list={list}
          label={t('widgets.fieldSuggestions', { label })}
          options={options}
          expanded={list.expanded}
        />
      </div>
    </FormField>
  );
}
