import { z } from 'zod';
import { CATEGORIES, CONDITIONS, IMAGE_MAX_BYTES, productFieldsSchema } from '@market/shared';

const imageFileSchema = z
  .custom<FileList>((value) => typeof FileList !== 'undefined' && value instanceof FileList, {
    error: 'Image is required',
  })
  .refine((files) => files.length > 0, { error: 'Image is required' })
  .refine((files) => !files[0] || files[0].type.startsWith('image/'), {
    error: 'The image must be an image file',
  })
  .refine((files) => !files[0] || files[0].size <= IMAGE_MAX_BYTES, {
    error: `The image must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB`,
  });

/** The add-product form: the shared product rules, plus the image file picked in the browser. */
export const addProductFormSchema = productFieldsSchema.extend({
  // The selects start empty; these messages read better than the enum's default one.
  Category: z.enum(CATEGORIES, { error: 'Category is required' }),
  condition: z.enum(CONDITIONS, { error: 'Condition is required' }),
  image: imageFileSchema,
});

export type AddProductFormInput = z.input<typeof addProductFormSchema>;
export type AddProductFormOutput = z.output<typeof addProductFormSchema>;
