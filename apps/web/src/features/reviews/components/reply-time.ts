const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A seller's usual reply time in words ("about 2 hours"); null when there is too little to say. */
export function replyTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 1) return 'within a minute';
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `about ${plural(hours, 'hour')}`;
  return `about ${plural(Math.round(hours / 24), 'day')}`;
}
