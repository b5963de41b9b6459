import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MODEL_MAX, MODEL_SUGGESTIONS_MAX, matchModels, type CategoryName } from '@market/shared';
import { ComboboxField } from '../../../components/ui/combobox-field.tsx';
import { useModels } from '../api/get-models.ts';
import type { ProductFormInput, ProductFormOutput } from './product-form-schema.ts';

/** How long typing must pause before suggestions are asked for. */
const SUGGEST_DELAY_MS = 200;

/**
 * The phone's model, with suggestions from the marketplace's known and listed models of the
 * chosen category. Suggestions load once the field is first used.
 */
export function ModelField({
  control,
  category,
  error,
}: {
  control: Control<ProductFormInput, unknown, ProductFormOutput>;
  category: CategoryName | undefined;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { field } = useController({ control, name: 'model' });
  const value = field.value ?? '';
  const [used, setUsed] = useState(false);
  const [typed, setTyped] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(value.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const models = useModels({ category, q: typed }, { enabled: used });

  return (
    <div onFocusCapture={() => setUsed(true)} className="md:col-span-2">
      <ComboboxField
        label={t('productForm.model')}
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        maxLength={MODEL_MAX}
        // What still matches the field as it is now, until the answer for it arrives.
        suggestions={matchModels(value, models.data ?? [], MODEL_SUGGESTIONS_MAX)}
        error={error}
        hint={t('productForm.modelHint')}
      />
    </div>
  );
}
