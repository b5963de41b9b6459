import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogItemSchema, type BlogItem } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';

export function getBlogs(): Promise<BlogItem[]> {
  return apiRequest('/blogs', blogItemSchema.array());
}

export const blogsQueryOptions = queryOptions({ queryKey: ['blogs'], queryFn: getBlogs });

export function useBlogs() {
  return useQuery(blogsQueryOptions);
}
