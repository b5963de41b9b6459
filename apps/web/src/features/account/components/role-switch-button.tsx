import { confirmAction } from '../../../lib/confirm.ts';
import { notifyError } from '../../../lib/errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/** What one switch of the account's role says and does. */
export interface RoleSwitch {
  label: string;
  /** The confirmation: its title, what changes (one line each), and its button. */
  title: string;
  lines: string[];
  confirmButton: string;
  /** Names the action in an error ("Becoming a seller failed: ..."). */
  action: string;
  done: string;
}

/**
 * A button that switches the account's role after one confirmation that says what changes;
 * `onSwitched` runs once the server has switched it. A refusal (open deals, unsold listings)
 * shows the server's sentence.
 */
export function RoleSwitchButton({
  change,
  write,
  pending,
  onSwitched,
  className,
}: {
  change: RoleSwitch;
  write: () => Promise<unknown>;
  pending: boolean;
  onSwitched?: (() => void) | undefined;
  className: string;
}) {
  const hydrated = useHydrated();

  const onClick = async () => {
    const confirmed = await confirmAction({
      title: change.title,
      lines: change.lines,
      confirmButton: change.confirmButton,
    });
    if (!confirmed) return;
    try {
      await write();
    } catch (err) {
      notifyError(change.action, err);
      return;
    }
    toast.success(change.done);
    onSwitched?.();
  };

  return (
    <button
      type="button"
      className={className}
      disabled={!hydrated || pending}
      onClick={() => void onClick()}
    >
      {change.label}
    </button>
  );
}
