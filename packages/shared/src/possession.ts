/*
 * A listing's proof of possession, in words (decision 0031). A plain module, without schemas:
 * cards on the first screen show its badge, and it must not bring zod there (decision 0006).
 */

export const POSSESSION_STATUSES = ['none', 'pending', 'verified', 'rejected'] as const;
export type PossessionStatus = (typeof POSSESSION_STATUSES)[number];
export const POSSESSION_STATUS_LABELS: Record<PossessionStatus, string> = {
  none: 'No photo yet',
  pending: 'Waiting for a moderator',
  verified: 'Photo verified',
  rejected: 'Photo not accepted',
};
export const PHOTO_VERIFIED = 'Photo verified';
