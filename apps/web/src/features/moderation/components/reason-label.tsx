import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { reportReasonLabel } from '@market/shared';

type KnownReason = keyof typeof REASON_KEYS;

/**
 * The reasons a report can have, people's and the marketplace's own (REPORT_REASON_LABELS in
 * @market/shared), by their catalog key.
 */
const REASON_KEYS = {
  stolen: 'stolen',
  fake: 'fake',
  sold: 'sold',
  wrong_category: 'wrongCategory',
  spam: 'spam',
  offensive: 'offensive',
  other: 'other',
  duplicate_imei: 'duplicateImei',
  imei_changed: 'imeiChanged',
  imei_mismatch: 'imeiMismatch',
  review_request: 'reviewRequest',
  stolen_imei: 'stolenImei',
  stolen_after_sale: 'stolenAfterSale',
  price_far_below: 'priceFarBelow',
  scam_shield: 'scamShield',
  scam: 'scam',
} as const;

/**
 * A report's reason as people read it in the page's language; one with no text here in the shared
 * list's English (a test checks that every reason of that list has one).
 */
export function reasonText(reason: string, t: TFunction): string {
  return reason in REASON_KEYS
    ? t(`moderation.reasons.${REASON_KEYS[reason as KnownReason]}`)
    : reportReasonLabel(reason);
}

export function ReasonLabel({ reason }: { reason: string }) {
  const { t } = useTranslation();
  return reasonText(reason, t);
}
