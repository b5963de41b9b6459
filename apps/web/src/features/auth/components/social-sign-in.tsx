import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@market/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { reportError, useDescribeError } from '../../../lib/errors.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useAppConfig } from '../api/get-app-config.ts';

/**
 * The 'Google' button. It starts whichever provider the server has (Google itself, or any
 * OpenID Connect issuer), and explains in red when the server has none.
 */
export function SocialSignIn({
  callbackURL,
  errorCallbackURL,
}: {
  callbackURL: string;
  errorCallbackURL: string;
}) {
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const describeError = useDescribeError();
  const appConfig = useAppConfig();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setError(null);
    const provider = appConfig.data?.socialSignIn ?? null;
    if (!provider) {
      reportError('Google sign-in', MESSAGES.googleNotConfigured);
      setError(t('auth.social.notConfigured'));
      return;
    }
    setStarting(true);
    try {
      // Google and any OpenID Connect issuer both start through the standard social endpoint.
      const { url } = await authClient.signIn.social({ provider, callbackURL, errorCallbackURL });
      // The client follows the provider's redirect itself; this covers a client that does not.
      if (url) window.location.href = url;
    } catch (err) {
      reportError('Google sign-in', err);
      setError(describeError(err));
      setStarting(false);
    }
  };

  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn btn-outline btn-block"
        disabled={appConfig.isPending || starting || !hydrated}
        onClick={() => void start()}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 01-2.2 3.3v2.8h3.5c2.1-1.9 3.3-4.8 3.3-8.1z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.6l-3.5-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.7H2.1v2.9A11 11 0 0012 23z"
          />
          <path
            fill="#FBBC05"
            d="M5.7 14c-.2-.7-.4-1.4-.4-2s.1-1.4.4-2V7.1H2.1a11 11 0 000 9.8L5.7 14z"
          />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.1-3.1A11 11 0 0012 1 11 11 0 002.1 7.1L5.7 10c.9-2.7 3.4-4.6 6.3-4.6z"
          />
        </svg>
        {t('auth.social.google')}
      </button>
      {error && (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
