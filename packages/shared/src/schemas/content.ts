import { z } from '../zod.ts';
import { idSchema } from './common.ts';

export const reviewSchema = z.object({
  _id: idSchema,
  reviewText: z.string(),
  img: z.string(),
  name: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const blogItemSchema = z.object({
  id: idSchema,
  qn: z.string(),
  ans: z.string(),
});
export type BlogItem = z.infer<typeof blogItemSchema>;
