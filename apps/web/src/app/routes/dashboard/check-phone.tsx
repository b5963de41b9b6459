import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { QueryContent } from '../../../components/ui/query-content.tsx';
import { useCancelBooking } from '../../../features/bookings/api/cancel-booking.ts';
import { CancelDialog } from '../../../features/bookings/components/cancel-dialog.tsx';
import { useInspection } from '../../../features/inspection/api/get-inspection.ts';
import { InspectionWalk } from '../../../features/inspection/components/inspection-walk.tsx';

/**
 * The buyer's check of the phone at the meeting (My Orders → "Check the phone"): the checklist
 * one step at a time, then the hand-over code. Used standing in the street: one column, big
 * buttons. When the phone fails, the deal can be cancelled here with the reason recorded.
 */
export function Component() {
  const { t } = useTranslation();
  const { bookingId = '' } = useParams();
  const inspection = useInspection(bookingId);
  const cancel = useCancelBooking();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);

  return (
    <section className="mx-auto max-w-2xl">
      <PageTitle page={t('checkPhone.title')} />
      <p className="mb-2">
        <Link to={paths.dashboard.myOrders} className="link">
          {t('checkPhone.back')}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold">{t('checkPhone.title')}</h1>
      <p className="mb-4 text-sm">{t('checkPhone.intro')}</p>
      <QueryContent query={inspection}>
        {(data) => (
          <InspectionWalk
            key={data.bookingId}
            inspection={data}
            cancel={
              <button
                type="button"
                className="btn btn-error min-h-12"
                onClick={() => setCancelling(true)}
              >
                {t('checkPhone.cancel')}
              </button>
            }
          />
        )}
      </QueryContent>
      {cancelling && (
        <CancelDialog
          side="buyer"
          title={t('checkPhone.cancel')}
          explanation={t('checkPhone.cancelExplanation')}
          submitLabel={t('checkPhone.cancel')}
          action="Cancelling the deal"
          defaultPreset="failed_check"
          onClose={() => setCancelling(false)}
          onSubmit={async (input) => {
            await cancel.mutateAsync({ id: bookingId, ...input });
            toast.success(t('checkPhone.cancelled'));
            void navigate(paths.dashboard.myOrders);
          }}
        />
      )}
    </section>
  );
}
