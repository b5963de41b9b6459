import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_TYPES,
  IMAGE_ACCEPT,
  MESSAGES,
  registrationSchema,
  type Registration,
} from '@market/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { meQueryOptions } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { imageFileProblem, uploadImage } from '../../../lib/upload-image.ts';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';
import { useKnownText } from '../../../i18n/known-texts.ts';

type RegistrationForm = Registration & { image: FileList | undefined };

const IMAGE_REQUIRED = 'Image is required and must be an image file';

function imageProblem(files: FileList | undefined): string | null {
  const file = files?.[0];
  if (!file || !file.type.startsWith('image/')) return IMAGE_REQUIRED;
  return imageFileProblem(file);
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
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const knownText = useKnownText();
  const [step, setStep] = useState<Step>('idle');
  const form = useForm<RegistrationForm>({
    resolver: registrationResolver,
    defaultValues: { role: 'buyer' },
  });
  const roleError = form.formState.errors.role?.message;

  const register = async (values: RegistrationForm) => {
    const file = values.image?.[0];
    if (!file) return;
    try {
      setStep('uploading');
      const uploaded = await uploadImage(file);
      setStep('creating');
      await authClient.signUp.email({
        name: values.name,
        email: values.email,
        password: values.password,
        image: uploaded.url,
        phone: values.phone,
        role: values.role,
      });
      await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
    } finally {
      setStep('idle');
    }
    toast.success(MESSAGES.registrationSuccess);
    onRegistered();
  };

  return (
    <Form
      form={form}
      onSubmit={register}
      action="Registration"
      submitLabel={
        step === 'uploading'
          ? t('auth.registration.uploading')
          : step === 'creating'
            ? t('auth.registration.creating')
            : t('auth.registration.submit')
      }
    >
      <TextField label={t('auth.field.name')} autoComplete="name" {...bindField(form, 'name')} />
      <TextField
        label={t('auth.field.phone')}
        {...fieldInputs.phone}
        hint={t('auth.field.phoneHint')}
        {...bindField(form, 'phone')}
      />
      <TextField
        label={t('auth.field.email')}
        {...fieldInputs.email}
        {...bindField(form, 'email')}
      />
      <TextField
        label={t('auth.field.password')}
        {...fieldInputs.newPassword}
        {...bindField(form, 'password')}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('auth.field.accountType')}</legend>
        <div className="flex gap-6">
          {ACCOUNT_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-center gap-2 capitalize"
            >
              <input
                type="radio"
                className="radio radio-primary"
                value={type}
                {...form.register('role')}
              />
              {t(`auth.role.${type}`)}
            </label>
          ))}
        </div>
        {roleError && <p className="mt-1 text-sm text-error">{knownText(roleError)}</p>}
      </fieldset>
      <TextField
        label={t('auth.field.image')}
        type="file"
        accept={IMAGE_ACCEPT}
        className={`file-input w-full ${form.formState.errors.image ? 'file-input-error' : ''}`}
        {...bindField(form, 'image')}
      />
    </Form>
  );
}
