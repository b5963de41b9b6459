import { queryOptions, useQuery } from '@tanstack/react-query';
import { isAdminSchema, isBuyerSchema, isSellerSchema, type Role } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { roleStatusKeys } from './keys.ts';

/** The spec's role lookups: the server answers whether this email has the role. */
export async function getRoleStatus(role: Role, email: string): Promise<boolean> {
  const id = encodeURIComponent(email);
  switch (role) {
    case 'buyer':
      return (await apiRequest(`/users/buyers/${id}`, isBuyerSchema)).isBuyer;
    case 'seller':
      return (await apiRequest(`/users/seller/${id}`, isSellerSchema)).isSeller;
    case 'admin':
      return (await apiRequest(`/users/admin/${id}`, isAdminSchema)).isAdmin;
  }
}

export const roleStatusQueryOptions = (role: Role, email: string) =>
  queryOptions({
    queryKey: roleStatusKeys.of(role, email),
    queryFn: () => getRoleStatus(role, email),
    staleTime: 60_000,
  });

export function useRoleStatus(role: Role, email: string | undefined) {
  return useQuery({ ...roleStatusQueryOptions(role, email ?? ''), enabled: Boolean(email) });
}
