import { useFormat } from '../../i18n/locale.tsx';

/**
 * When something came, in short ("03:05 PM", "Mon 03:05 PM"), the whole date and time on hover,
 * in the page's language.
 */
export function When({ iso, className }: { iso: string; className?: string }) {
  const format = useFormat();
  return (
    <time dateTime={iso} title={format.fullDateTime(iso)} className={className}>
      {format.when(iso)}
    </time>
  );
}
