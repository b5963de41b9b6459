import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  CONDITIONS,
  IMAGE_ACCEPT,
  PRICE_MAX,
  YEAR_OF_PURCHASE_MIN,
  currentYear,
  type NewProduct,
} from '@market/shared';
import { uploadImage } from '../../../lib/upload-image.ts';
import { Form } from '../../../components/ui/form.tsx';
import {
  FormField,
  SelectField,
  TextField,
  bindField,
  errorProps,
} from '../../../components/ui/form-field.tsx';
import {
  productFormSchema,
  type ProductFormInput,
  type ProductFormOutput,
} from './product-form-schema.ts';

/** Both prices: positive dollars with cents, up to the marketplace's maximum. */
const priceInput = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  max: PRICE_MAX,
  step: '0.01',
} as const;

// The resell price may not pass the original one: a change of either checks the resell price.
const PRICES = [
  { name: 'originalPrice', label: 'Original price ($)', deps: ['resellPrice'] },
  { name: 'resellPrice', label: 'Resell price ($)', deps: [] },
] as const;

/**
 * Spec section 5's product form. A picked image is uploaded first; then `onSubmit` receives the
 * product as the API takes it and decides what saving means (adding, or changing a listing), and
 * what follows. With `initialValues` it shows a listing to change, whose image stays unless
 * another is picked.
 */
export function ProductForm({
  onSubmit,
  initialValues,
  submitLabel,
  action,
}: {
  /** Saves the product; throws when the server refuses, and the form shows why. */
  onSubmit: (product: NewProduct) => Promise<void>;
  initialValues?: NewProduct;
  submitLabel: string;
  /** Names the action in the log, as '<action> failed: ...'. */
  action: string;
}) {
  const descriptionId = useId();
  const currentImage = initialValues?.imgURL;
  const schema = useMemo(() => productFormSchema({ imageRequired: !currentImage }), [currentImage]);
  const form = useForm<ProductFormInput, unknown, ProductFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { description: '', ...withoutImage(initialValues) },
  });
  const { errors } = form.formState;

  const save = async ({ image, ...fields }: ProductFormOutput) => {
    const file = image[0];
    const imgURL = file ? (await uploadImage(file)).url : currentImage;
    // The schema asks for a file whenever there is no current image.
    if (!imgURL) return;
    await onSubmit({ ...fields, imgURL });
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      action={action}
      submitLabel={submitLabel}
      className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6 md:grid-cols-2"
      footerClassName="mt-4 space-y-4 md:col-span-2"
      submitClassName="btn btn-primary w-full sm:w-auto"
    >
      <TextField label="Product name" autoComplete="off" {...bindField(form, 'name')} />
      <TextField label="Location" autoComplete="address-level2" {...bindField(form, 'location')} />
      <TextField
        label="Year of purchase"
        type="number"
        inputMode="numeric"
        min={YEAR_OF_PURCHASE_MIN}
        max={currentYear()}
        {...bindField(form, 'yearOfUse', { valueAsNumber: true })}
      />
      <SelectField
        label="Category"
        prompt="Choose a category"
        options={CATEGORIES}
        {...bindField(form, 'Category')}
      />
      {PRICES.map(({ name, label, deps }) => (
        <TextField
          key={name}
          label={label}
          {...priceInput}
          {...bindField(form, name, { valueAsNumber: true, deps: [...deps] })}
        />
      ))}
      <SelectField
        label="Condition"
        prompt="Choose a condition"
        options={CONDITIONS}
        {...bindField(form, 'condition')}
      />

      <TextField
        label="Image"
        type="file"
        accept={IMAGE_ACCEPT}
        className={`file-input w-full ${errors.image ? 'file-input-error' : ''}`}
        hint={currentImage && <CurrentImage url={currentImage} />}
        {...bindField(form, 'image')}
      />

      <FormField
        id={descriptionId}
        label="Description (optional)"
        error={errors.description?.message}
        className="md:col-span-2"
      >
        <textarea
          id={descriptionId}
          rows={4}
          className="textarea w-full"
          {...errorProps(descriptionId, errors.description?.message)}
          {...form.register('description')}
        />
      </FormField>
    </Form>
  );
}

/** The image a listing being changed has, beside the file input. */
function CurrentImage({ url }: { url: string }) {
  return (
    <span className="mt-1 flex items-center gap-3">
      <img src={url} alt="" width={48} height={48} className="h-12 w-12 rounded-box object-cover" />
      Pick a file only to replace the current image.
    </span>
  );
}

/** The form's values for a listing: its fields, without the image it already has. */
function withoutImage(product: NewProduct | undefined): Partial<ProductFormInput> {
  if (!product) return {};
  const { imgURL: _current, ...fields } = product;
  return fields;
}
