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
        aria-label={t('profile.restore.label', { name: member.name })}
        onClick={() => setOpen(true)}
      >
        {t('profile.restore.button')}
      </button>
      {open && (
        <ReasonDialog
          title={t('profile.restore.title', { name: member.name })}
          explanation={t('profile.restore.explanation')}
          submitLabel={t('profile.restore.submit')}
          onSubmit={async (reason) => {
            await restore.mutateAsync({ userId: member._id, reason });
            toast.success(t('profile.restore.done', { name: member.name }));
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
