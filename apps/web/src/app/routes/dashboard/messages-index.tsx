import { useTranslation } from 'react-i18next';

/** On a wide screen, beside the inbox, before a conversation is chosen. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="flex h-full min-h-64 items-center justify-center rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/80">
      {t('messages.choose')}
    </div>
  );
}
