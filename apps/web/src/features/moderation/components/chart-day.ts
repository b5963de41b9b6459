import { useMemo } from 'react';
import { useFormat } from '../../../i18n/locale.tsx';

/**
 * A day of the charts, "5 Nov" ("৫ নভে"): day and short month, in the page's language (English
 * pages keep the British order they always had).
 */
export function useChartDay(): (day: string) => string {
  const format = useFormat();
  return useMemo(() => {
    const shortDay = new Intl.DateTimeFormat(format.language === 'en' ? 'en-GB' : format.locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    return (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
  }, [format]);
}
