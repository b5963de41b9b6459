import { useEffect, useState, type ReactNode, type Ref } from 'react';
import type { Place } from '@market/shared';
import { ComboboxField } from '../../../components/ui/combobox-field.tsx';
import { usePlaceSuggestions } from '../api/get-place-suggestions.ts';

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/**
 * An area from the place suggestions: a city or a neighbourhood, offered as the person types
 * ("gul" offers Gulshan, Dhaka). Picking one gives its place; typing on after a pick gives text
 * that names no place (null), which the caller may keep as it is or refuse.
 */
export function AreaField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  name,
  inputRef,
}: {
  label: string;
  /** What the field shows: a place's name, or what was typed. */
  value: string;
  onChange: (text: string, place: Place | null) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [typed, setTyped] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setTyped(value.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const suggestions = usePlaceSuggestions(typed);
  const places = suggestions.data ?? [];

  return (
    <ComboboxField
      label={label}
      name={name}
      value={value}
      onChange={(text) => onChange(text, places.find((p) => p.label === text) ?? null)}
      onBlur={onBlur}
      inputRef={inputRef}
      maxLength={120}
      suggestions={places.map((p) => p.label)}
      error={error}
      hint={hint}
    />
  );
}
