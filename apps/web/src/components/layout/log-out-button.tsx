import { useTranslation } from 'react-i18next';
import { useLogOut } from '../../lib/log-out.ts';

/** Loaded only once someone is signed in, so visitors do not download the auth client. */
export default function LogOutButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const logOut = useLogOut();
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm md:ml-2"
      disabled={logOut.isPending}
      onClick={() => {
        onClick();
        logOut.mutate();
      }}
    >
      {t('nav.logOut')}
    </button>
  );
}
