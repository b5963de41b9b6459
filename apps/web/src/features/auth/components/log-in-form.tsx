import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { MESSAGES, loginSchema, type Login } from '@market/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { authErrorMessage } from '../api/auth-error.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { FormError, TextField } from '../../../components/ui/form-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { SubmitButton } from '../../../components/ui/spinner.tsx';

/** Email and password sign-in; `onSignedIn` decides where to go next. */
export function LogInForm({
  onSignedIn,
  demoAdmin,
}: {
  onSignedIn: () => void;
  demoAdmin?: { email: string; password: string } | null;
}) {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Login>({ resolver: zodResolver(loginSchema) });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      const message =
        error.status === 401
          ? MESSAGES.invalidCredentials
          : authErrorMessage(error, MESSAGES.invalidCredentials);
      console.error(`Log in failed: ${message}`);
      setError('root.server', { message });
      return;
    }
    try {
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    } catch (err) {
      console.error(`Log in failed: ${errorMessage(err)}`);
      setError('root.server', { message: errorMessage(err) });
      return;
    }
    toast.success(MESSAGES.loginSuccess);
    onSignedIn();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {/* Until the app runs, the fields wait too: typing would not reach the form. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        {demoAdmin && (
          <div className="rounded-box border border-info/40 bg-info/10 p-4 text-sm">
            <p className="font-semibold">Demo admin</p>
            <p>
              Email: <span className="font-mono">{demoAdmin.email}</span>
            </p>
            <p>
              Password: <span className="font-mono">{demoAdmin.password}</span>
            </p>
            <button
              type="button"
              className="btn btn-outline btn-info btn-xs mt-2"
              onClick={() => {
                setValue('email', demoAdmin.email);
                setValue('password', demoAdmin.password);
              }}
            >
              Fill in the demo admin
            </button>
          </div>
        )}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <FormError message={errors.root?.server?.message} />
        <SubmitButton busy={isSubmitting}>Log in</SubmitButton>
      </fieldset>
    </form>
  );
}
