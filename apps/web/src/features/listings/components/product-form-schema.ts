import { z } from 'zod';
import {
  CATEGORIES,
  CONDITIONS,
  IMAGE_MAX_BYTES,
  productFieldsSchema,
  withSensiblePrices,
} from '@market/shared';

/** The picked file; none is needed when the listing already has an image, which then stays. */
function imageFileSchema(required: boolean) {
  return z
    .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList, {
      error: 'Image is required',
    })
    .refine((files) => !required || files.length > 0, { error: 'Image is required' })
    .refine((files) => !files[0] || files[0].type.startsWith('image/'), {
      error: 'The image must be an image file',
    })
    .refine((files) => !files[0] || files[0].size <= IMAGE_MAX_BYTES, {
      error: `The image must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
    });
}

/** The product form: the shared product rules (prices included), plus the image file picked in the browser. */
export function productFormSchema({ imageRequired }: { imageRequired: boolean }) {
  return withSensiblePrices(
    productFieldsSchema.extend({
      // The selects start empty; these messages read better than the enum's default one.
      Category: z.enum(CATEGORIES, { error: 'Category is required' }),
      condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
      image: imageFileSchema(imageRequired),
    }),
  );
}

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormInput = z.input<ProductFormSchema>;
export type ProductFormOutput = z.output<ProductFormSchema>;
