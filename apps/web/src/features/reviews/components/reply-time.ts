import type { TFunction } from 'i18next';

/** A seller's usual reply time in words ("about 2 hours"); null when there is too little to say. */
export function replyTimeText(t: TFunction, minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 1) return t('sellerPage.replyTime.withinMinute');
  if (minutes < 60) return t('sellerPage.replyTime.minutes', { count: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 24) return t('sellerPage.replyTime.hours', { count: hours });
  return t('sellerPage.replyTime.days', { count: Math.round(hours / 24) });
}
