import { fullWhen, shortWhen } from '../../lib/message-time.ts';

/** When something came, in short ("14:05", "Mon 14:05"), the whole date and time on hover. */
export function When({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={iso} title={fullWhen(iso)} className={className}>
      {shortWhen(iso)}
    </time>
  );
}
