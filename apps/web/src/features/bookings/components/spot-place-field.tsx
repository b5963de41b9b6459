import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Place } from '@market/shared';
import { ComboboxField } from '../../../components/ui/combobox-field.tsx';
import { getPlaceSuggestions } from '../api/get-place-suggestions.ts';

const SUGGEST_DELAY_MS = 200;

/**
 * The area a spot is in, chosen from the gazetteer's suggestions as the admin types: the field
 * shows the place's label; `onPick` gets the place (or null while the words match none).
 */
export function SpotPlaceField({
  initialLabel,
  onPick,
  error,
}: {
  initialLabel: string;
  onPick: (place: Place | null) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialLabel);
  const [places, setPlaces] = useState<Place[]>([]);
  useEffect(() => {
    const typed = text.trim();
    if (typed === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getPlaceSuggestions(typed, controller.signal).then(
        (found) => setPlaces(found.places),
        // Without suggestions the field says the area must be picked from them.
        () => undefined,
      );
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return (
    <ComboboxField
      label={t('requests.adminSpots.area')}
      name="area"
      value={text}
      onChange={(value) => {
        setText(value);
        onPick(places.find((p) => p.label === value) ?? null);
      }}
      suggestions={text.trim() === '' ? [] : places.map((p) => p.label)}
      error={error}
      hint={t('requests.adminSpots.areaHint')}
    />
  );
}
