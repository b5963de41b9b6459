import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@market/shared';
import { toast } from '../lib/toast.ts';
import { useRestoreUser } from '../features/moderation/api/restore.ts';
import { ReasonDialog } from '../features/moderation/components/reason-dialog.tsx';

/**
 * "Restore" on a suspended account in the admin's lists: asks why (kept in the audit log), then
 * lifts the suspension; the account signs in again and its listings come back.
 */
export function RestoreMemberButton({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const restore = useRestoreUser();
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-success btn-sm min-h-11 md:min-h-0"
        aria-label={t('admin.restore.named', { name: member.name })}
        onClick={() => setOpen(true)}
      >
        {t('admin.restore.button')}
      </button>
      {open && (
        <ReasonDialog
          title={t('admin.restore.title', { name: member.name })}
          explanation={t('admin.restore.text')}
          submitLabel={t('admin.restore.submit')}
          onSubmit={async (reason) => {
            await restore.mutateAsync({ userId: member._id, reason });
            toast.success(t('admin.restore.done', { name: member.name }));
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
