import type { ProductFormInput } from './product-form-schema.ts';

/*
 * A listing being written is kept in this browser for its account, fields and uploaded photos
 * (their URLs), until it is posted or discarded: a reload, a crash or a wrong link loses
 * nothing. The IMEI is never kept (the marketplace stores only its hash).
 */

/** The form's values as a draft keeps them. */
export type DraftValues = Partial<Omit<ProductFormInput, 'imei'>>;

export interface ProductDraft {
  /** When it was last changed, as an ISO instant. */
  savedAt: string;
  values: DraftValues;
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

/** The account's draft, or null without one (or with one this version cannot read). */
export function readDraft(userId: string): ProductDraft | null {
  const text = storage()?.getItem(keyOf(userId));
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as Partial<ProductDraft>;
    if (typeof draft.savedAt !== 'string' || typeof draft.values !== 'object' || !draft.values) {
      return null;
    }
    return { savedAt: draft.savedAt, values: draft.values };
  } catch {
    return null;
  }
}

/** Keeps the values as the account's draft; a full storage keeps the last one that fitted. */
export function saveDraft(userId: string, values: ProductFormInput, now = new Date()): void {
  const { imei, ...kept } = values;
  void imei;
  const draft: ProductDraft = { savedAt: now.toISOString(), values: kept };
  try {
    storage()?.setItem(keyOf(userId), JSON.stringify(draft));
  } catch {
    // Over the browser's quota: the previous draft stays.
  }
}

export function discardDraft(userId: string): void {
  storage()?.removeItem(keyOf(userId));
}
