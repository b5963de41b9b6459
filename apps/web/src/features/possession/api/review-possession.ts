import { possessionSchema, type ReviewPossession } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { productKeys } from '../../catalog/api/keys.ts';
import { possessionKeys } from './keys.ts';

/** POST /api/admin/possession-photos/{id}/review: approve, or reject with a reason. */
export function reviewPossession({ productId, ...body }: ReviewPossession & { productId: string }) {
  return apiRequest(
    `/admin/possession-photos/${encodeURIComponent(productId)}/review`,
    possessionSchema,
    { method: 'POST', body },
  );
}

export function useReviewPossession() {
  return useWrite({
    write: reviewPossession,
    // "Photo verified" shows on the listing's page.
    invalidates: [possessionKeys.all, productKeys.all],
  });
}
