import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import {
  ACCOUNT_TYPES,
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  MESSAGES,
  registrationSchema,
  type Registration,
} from '@market/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { uploadImage } from '../../images/api/upload-image.ts';
import { authErrorMessage } from '../api/auth-error.ts';
import { meQueryOptions } from '../api/get-me.ts';
import { FormError, TextField } from '../../../components/ui/form-field.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { SubmitButton } from '../../../components/ui/spinner.tsx';

type RegistrationForm = Registration & { image: FileList | undefined };

const IMAGE_REQUIRED = 'Image is required and must be an image file';

function imageProblem(files: FileList | undefined): string | null {
  const file = files?.[0];
  if (!file || !file.type.startsWith('image/')) return IMAGE_REQUIRED;
  if (file.size > IMAGE_MAX_BYTES) {
    return `The image must be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  }
  return null;
}

const fieldsResolver = zodResolver(registrationSchema);

/** The shared registration schema, plus the rule that an image file is chosen. */
const registrationResolver: Resolver<RegistrationForm> = async (values, context, options) => {
  const result = await fieldsResolver(values, context, {
    ...options,
    names: options.names?.filter((name) => name !== 'image'),
  } as Parameters<typeof fieldsResolver>[2]);
  const problem = imageProblem(values.image);
  const fieldErrors = Object.keys(result.errors).length > 0;
  if (!problem && !fieldErrors) {
    // The schema drops keys it does not know, so the chosen file is put back beside its values.
    return { values: { ...(result.values as Registration), image: values.image }, errors: {} };
  }
  return {
    values: {},
    errors: problem
      ? { ...result.errors, image: { type: 'validate', message: problem } }
      : result.errors,
  };
};

type Step = 'idle' | 'uploading' | 'creating';

/** Uploads the image first, then creates the account; `onRegistered` runs once signed in. */
export function RegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('idle');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegistrationForm>({
    resolver: registrationResolver,
    defaultValues: { role: 'buyer' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const file = values.image?.[0];
    if (!file) return;
    try {
      setStep('uploading');
      const uploaded = await uploadImage(file);
      setStep('creating');
      const { error } = await authClient.signUp.email({
        name: values.name,
        email: values.email,
        password: values.password,
        image: uploaded.url,
        phone: values.phone,
        role: values.role,
      });
      if (error) {
        const message = authErrorMessage(error, 'Could not create the account');
        console.error(`Registration failed: ${message}`);
        setError('root.server', { message });
        return;
      }
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
      toast.success(MESSAGES.registrationSuccess);
      onRegistered();
    } catch (err) {
      console.error(`Registration failed: ${errorMessage(err)}`);
      setError('root.server', { message: errorMessage(err) });
    } finally {
      setStep('idle');
    }
  });

  const busy = step !== 'idle';

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      {/* Until the app runs, the fields wait too: typing would not reach the form. */}
      <fieldset disabled={!hydrated} className="min-w-0 space-y-4">
        <TextField
          label="Name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={errors.phone?.message}
          hint="Digits only, with an optional leading +"
        />
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
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
          hint="At least 8 characters"
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Account type</legend>
          <div className="flex gap-6">
            {ACCOUNT_TYPES.map((type) => (
              <label key={type} className="flex cursor-pointer items-center gap-2 capitalize">
                <input
                  type="radio"
                  className="radio radio-primary"
                  value={type}
                  {...register('role')}
                />
                {type}
              </label>
            ))}
          </div>
          {errors.role && <p className="mt-1 text-sm text-error">{errors.role.message}</p>}
        </fieldset>
        <TextField
          label="Image"
          type="file"
          accept={IMAGE_ACCEPT}
          className={`file-input w-full ${errors.image ? 'file-input-error' : ''}`}
          registration={register('image')}
          error={errors.image?.message}
        />
        <FormError message={errors.root?.server?.message} />
        <SubmitButton busy={busy}>
          {step === 'uploading'
            ? 'Uploading the image...'
            : step === 'creating'
              ? 'Creating the account...'
              : 'Register'}
        </SubmitButton>
      </fieldset>
    </form>
  );
}
