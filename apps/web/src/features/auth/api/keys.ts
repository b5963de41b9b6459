/** The auth feature's query keys, built only here (TanStack Query's key factories). */
import type { Role } from '@market/shared';

export const appConfigKeys = {
  all: ['app-config'] as const,
};

export const roleStatusKeys = {
  all: ['role-status'] as const,
  of: (role: Role, email: string) => [...roleStatusKeys.all, role, email] as const,
};
