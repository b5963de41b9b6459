import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type ReactNode } from 'react';

/** On phones, the filters open over the results in a dialog from a "Filters" button. */
export function FiltersDialog({
  open,
  onClose,
  activeCount,
  onOpen,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onOpen: () => void;
  /** How many filters are in use, shown on the button. */
  activeCount: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button type="button" className="btn btn-outline btn-sm min-h-11 md:hidden" onClick={onOpen}>
        {activeCount > 0 ? t('search.filtersInUse', { count: activeCount }) : t('search.filters')}
      </button>
      <dialog
        ref={ref}
        className="modal modal-bottom"
        aria-label={t('search.filters')}
        onClose={onClose}
      >
        <div className="modal-box max-h-[85vh]">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-lg font-bold">{t('search.filters')}</h2>
            <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={onClose}>
              {t('search.done')}
            </button>
          </div>
          {open && children}
        </div>
      </dialog>
    </>
  );
}
