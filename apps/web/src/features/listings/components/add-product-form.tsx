import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
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
import {
  FormError,
  FormField,
  SelectField,
  TextField,
  errorProps,
} from '../../../components/ui/form-field.tsx';
import { SubmitButton } from '../../../components/ui/spinner.tsx';

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

/** Both prices: positive dollars with cents, up to the marketplace's maximum. */
const priceInput = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  max: PRICE_MAX,
  step: '0.01',
} as const;

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

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      className="grid gap-x-6 gap-y-2 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6 md:grid-cols-2"
    >
      <TextField
        label="Product name"
        autoComplete="off"
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        label="Location"
        autoComplete="address-level2"
        registration={register('location')}
        error={errors.location?.message}
      />
      <TextField
        label="Year of purchase"
        type="number"
        inputMode="numeric"
        min={YEAR_OF_PURCHASE_MIN}
        max={currentYear()}
        registration={register('yearOfUse', { valueAsNumber: true })}
        error={errors.yearOfUse?.message}
      />
      <SelectField
        label="Category"
        prompt="Choose a category"
        options={CATEGORIES}
        registration={register('Category')}
        error={errors.Category?.message}
      />
      <TextField
        label="Original price ($)"
        {...priceInput}
        registration={register('originalPrice', { valueAsNumber: true })}
        error={errors.originalPrice?.message}
      />
      <TextField
        label="Resell price ($)"
        {...priceInput}
        registration={register('resellPrice', { valueAsNumber: true })}
        error={errors.resellPrice?.message}
      />
      <SelectField
        label="Condition"
        prompt="Choose a condition"
        options={CONDITIONS}
        registration={register('condition')}
        error={errors.condition?.message}
      />

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

      <div className="md:col-span-2">
        <FormError message={errors.root?.message} />
      </div>

      <div className="mt-4 md:col-span-2">
        <SubmitButton busy={isSubmitting} className="btn btn-primary w-full sm:w-auto">
          Add Product
        </SubmitButton>
      </div>
    </form>
  );
}
