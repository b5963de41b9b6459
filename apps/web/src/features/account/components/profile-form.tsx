import { z } from '@market/shared/zod';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IMAGE_ACCEPT, putUserSchema, type User } from '@market/shared';
import { Form } from '../../../components/ui/form.tsx';
import { TextField, bindField, fieldInputs } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../lib/toast.ts';
import { imageFileProblem, uploadImage } from '../../../lib/upload-image.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** The rules of PUT /api/users for name and phone, and a photo only when one is chosen. */
const profileFormSchema = putUserSchema.pick({ name: true, phone: true }).extend({
  photo: z.custom<FileList | undefined>().superRefine((files, ctx) => {
    const file = files?.[0];
    const problem = file ? imageFileProblem(file) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
type ProfileForm = z.input<typeof profileFormSchema>;
type CheckedProfile = z.output<typeof profileFormSchema>;

/** Name, phone and photo; a new photo is uploaded like the registration's before it is saved. */
export function ProfileForm({ me }: { me: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<ProfileForm, unknown, CheckedProfile>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: me.name, phone: me.phone ?? '', photo: undefined },
  });

  const save = async ({ name, phone, photo }: CheckedProfile) => {
    const file = photo?.[0];
    const image = file ? (await uploadImage(file)).url : undefined;
    await update.mutateAsync({ name, phone, ...(image ? { image } : {}) });
    form.reset({ name, phone, photo: undefined });
    toast.success(t('profile.form.saved'));
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      action="Saving the profile"
      submitLabel={t('profile.form.save')}
    >
      <TextField label={t('auth.field.name')} autoComplete="name" {...bindField(form, 'name')} />
      <TextField
        label={t('auth.field.phone')}
        {...fieldInputs.phone}
        hint={t('auth.field.phoneHint')}
        {...bindField(form, 'phone')}
      />
      <TextField
        label={t('profile.form.photo')}
        type="file"
        accept={IMAGE_ACCEPT}
        hint={t('profile.form.photoHint')}
        className={`file-input w-full ${form.formState.errors.photo ? 'file-input-error' : ''}`}
        {...bindField(form, 'photo')}
      />
    </Form>
  );
}
