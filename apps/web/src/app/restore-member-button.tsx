import { useState } from 'react';
import type { Member } from '@market/shared';
import { toast } from '../lib/toast.ts';
import { useRestoreUser } from '../features/moderation/api/restore.ts';
import { ReasonDialog } from '../features/moderation/components/reason-dialog.tsx';

/**
 * "Restore" on a suspended account in the admin's lists: asks why (kept in the audit log), then
 * lifts the suspension; the account signs in again and its listings come back.
 */
export function RestoreMemberButton({ member }: { member: Member }) {
  const [open, setOpen] = useState(false);
  const restore = useRestoreUser();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-success btn-sm min-h-11 md:min-h-0"
        aria-label={`Restore ${member.name}`}
        onClick={() => setOpen(true)}
      >
        Restore
      </button>
      {open && (
        <ReasonDialog
          title={`Restore ${member.name}?`}
          explanation="The suspension ends: the account can sign in again and its listings come back to the lists."
          submitLabel="Restore account"
          onSubmit={async (reason) => {
            await restore.mutateAsync({ userId: member._id, reason });
            toast.success(`${member.name}'s account is restored.`);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
