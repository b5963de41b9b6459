import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  CATEGORIES,
  CONDITIONS,
  IMAGE_ACCEPT,
  MESSAGES,
  PRICE_MAX,
  YEAR_OF_PURCHASE_MIN,
  currentYear,
} from '@market/shared';
import { paths } from '../../../config/paths.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { uploadImage } from '../../images/api/upload-image.ts';
import { useAddProduct } from '../api/add-product.ts';
import {
  addProductFormSchema,
  type AddProductFormInput,
  type AddProductFormOutput,
} from './add-product-schema.ts';
import { FormField, errorProps } from './form-field.tsx';

const SERVER_FIELDS = [
  'name',
  'location',
  'yearOfUse',
  'originalPrice',
  'resellPrice',
  'Category',
  'condition',
  'description',
] as const;

/** Spec section 5's add-product form: the image is uploaded first, then the product is saved. */
export function AddProductForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const addProduct = useAddProduct(email);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddProductFormInput, unknown, AddProductFormOutput>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: { description: '' },
  });

  const onSubmit = async ({ image, ...fields }: AddProductFormOutput) => {
    const file = image[0];
    if (!file) return;
    try {
      const { url } = await uploadImage(file);
      await addProduct.mutateAsync({ ...fields, imgURL: url });
      toast.success(MESSAGES.productAdded);
      await navigate(paths.dashboard.myProducts);
    } catch (err) {
      console.error(err);
      if (err instanceof ApiError && err.fields) {
        for (const field of SERVER_FIELDS) {
          const message = err.fields[field];
          if (message) setError(field, { message });
        }
      }
      setError('root', { message: errorMessage(err) });
    }
  };

  const maxYear = currentYear();

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6 md:grid-cols-2"
    >
      <FormField id="product-name" label="Product name" error={errors.name?.message}>
        <input
          id="product-name"
          className="input w-full"
          autoComplete="off"
          {...errorProps('product-name', errors.name?.message)}
          {...register('name')}
        />
      </FormField>

      <FormField id="product-location" label="Location" error={errors.location?.message}>
        <input
          id="product-location"
          className="input w-full"
          autoComplete="address-level2"
          {...errorProps('product-location', errors.location?.message)}
          {...register('location')}
        />
      </FormField>

      <FormField id="product-year" label="Year of purchase" error={errors.yearOfUse?.message}>
        <input
          id="product-year"
          type="number"
          inputMode="numeric"
          min={YEAR_OF_PURCHASE_MIN}
          max={maxYear}
          className="input w-full"
          {...errorProps('product-year', errors.yearOfUse?.message)}
          {...register('yearOfUse', { valueAsNumber: true })}
        />
      </FormField>

      <FormField id="product-category" label="Category" error={errors.Category?.message}>
        <select
          id="product-category"
          className="select w-full"
          defaultValue=""
          {...errorProps('product-category', errors.Category?.message)}
          {...register('Category')}
        >
          <option value="" disabled>
            Choose a category
          </option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </FormField>

      <FormField
        id="product-original-price"
        label="Original price ($)"
        error={errors.originalPrice?.message}
      >
        <input
          id="product-original-price"
          type="number"
          inputMode="decimal"
          min={0}
          max={PRICE_MAX}
          step="0.01"
          className="input w-full"
          {...errorProps('product-original-price', errors.originalPrice?.message)}
          {...register('originalPrice', { valueAsNumber: true })}
        />
      </FormField>

      <FormField
        id="product-resell-price"
        label="Resell price ($)"
        error={errors.resellPrice?.message}
      >
        <input
          id="product-resell-price"
          type="number"
          inputMode="decimal"
          min={0}
          max={PRICE_MAX}
          step="0.01"
          className="input w-full"
          {...errorProps('product-resell-price', errors.resellPrice?.message)}
          {...register('resellPrice', { valueAsNumber: true })}
        />
      </FormField>

      <FormField id="product-condition" label="Condition" error={errors.condition?.message}>
        <select
          id="product-condition"
          className="select w-full"
          defaultValue=""
          {...errorProps('product-condition', errors.condition?.message)}
          {...register('condition')}
        >
          <option value="" disabled>
            Choose a condition
          </option>
          {CONDITIONS.map((condition) => (
            <option key={condition} value={condition}>
              {condition}
            </option>
          ))}
        </select>
      </FormField>

      <FormField id="product-image" label="Image" error={errors.image?.message}>
        <input
          id="product-image"
          type="file"
          accept={IMAGE_ACCEPT}
          className="file-input w-full"
          {...errorProps('product-image', errors.image?.message)}
          {...register('image')}
        />
      </FormField>

      <FormField
        id="product-description"
        label="Description (optional)"
        error={errors.description?.message}
        className="md:col-span-2"
      >
        <textarea
          id="product-description"
          rows={4}
          className="textarea w-full"
          {...errorProps('product-description', errors.description?.message)}
          {...register('description')}
        />
      </FormField>

      {errors.root?.message && (
        <p role="alert" className="text-error md:col-span-2">
          {errors.root.message}
        </p>
      )}

      <div className="mt-4 md:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Add Product
        </button>
      </div>
    </form>
  );
}
