import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogItemSchema, type BlogItem } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { blogKeys } from './keys.ts';

export function getBlogs(): Promise<BlogItem[]> {
  return apiRequest('/blogs', blogItemSchema.array());
}

export const blogsQueryOptions = queryOptions({ queryKey: blogKeys.all, queryFn: getBlogs });

export function useBlogs() {
  return useQuery(blogsQueryOptions);
}
