import { UNUSED_UPLOAD_KEPT_MS } from '@market/shared';
import type { ProductFormInput } from './product-form-schema.ts';

/*
 * A listing being written is kept in this browser for its account, fields and uploaded photos
 * (their URLs), until it is posted or discarded: a reload, a crash or a wrong link loses
 * nothing. The IMEI is never kept (the marketplace stores only its hash).
 */

/** The form's values as a draft keeps them. */
export type DraftValues = Partial<Omit<ProductFormInput, 'imei'>>;

export interface ProductDraft {
  /** When it was begun: its photos were uploaded since. An ISO instant. */
  startedAt: string;
  /** When it was last changed, as an ISO instant. */
  savedAt: string;
  values: DraftValues;
  /** Its photos were dropped as it came back: uploads unused for a day are removed. */
  photosDropped?: boolean;
}

const keyOf = (userId: string) => `market:product-draft:${userId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage refused (private mode, a policy): no draft.
    return null;
  }
}

/** The account's draft as it was kept, or null without one (or one this version cannot read). */
function storedDraft(userId: string): ProductDraft | null {
  const text = storage()?.getItem(keyOf(userId));
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<ProductDraft>;
    if (typeof draft.savedAt !== 'string' || typeof draft.values !== 'object' || !draft.values) {
      return null;
    }
    const startedAt = typeof draft.startedAt === 'string' ? draft.startedAt : draft.savedAt;
    return { startedAt, savedAt: draft.savedAt, values: draft.values };
  } catch {
    return null;
  }
}

/**
 * The account's draft, or null without one. Begun more than a day ago, its photos may have
 * been removed as unused uploads: it comes back without them, and says so.
 */
export function readDraft(userId: string, now = new Date()): ProductDraft | null {
  const draft = storedDraft(userId);
  if (!draft) return null;
  const photos = draft.values.photos ?? [];
  const aged = now.getTime() - new Date(draft.startedAt).getTime() > UNUSED_UPLOAD_KEPT_MS;
  if (!aged || photos.length === 0) return draft;
  // Kept without them from now on: photos added next are as new as this moment.
  const kept: ProductDraft = {
    startedAt: now.toISOString(),
    savedAt: draft.savedAt,
    values: { ...draft.values, photos: [] },
  };
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(kept));
  } catch {
    // Over the browser's quota: it is read the same way next time.
  }
  return { ...kept, photosDropped: true };
}

/** Keeps the values as the account's draft; a full storage keeps the last one that fitted. */
export function saveDraft(userId: string, values: ProductFormInput, now = new Date()): void {
  const { imei, ...kept } = values;
  void imei;
  const savedAt = now.toISOString();
  // A draft whose photos were all removed begins again with its next photo.
  const before = (kept.photos ?? []).length > 0 ? storedDraft(userId) : null;
  const draft: ProductDraft = { startedAt: before?.startedAt ?? savedAt, savedAt, values: kept };
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Over the browser's quota: the previous draft stays.
  }
}

export function discardDraft(userId: string): void {
  storage()?.removeItem(keyOf(userId));
}
