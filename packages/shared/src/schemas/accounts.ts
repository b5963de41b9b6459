import { z } from '../zod.ts';
import { ACCOUNT_TYPES, PASSWORD_MAX, PASSWORD_MIN, ROLES } from '../constants.ts';
import { emailSchema, idSchema, oneLine, phoneSchema } from './common.ts';
import { LANGUAGES } from '../languages.ts';

export const roleSchema = z.enum(ROLES);
export const accountTypeSchema = z.enum(ACCOUNT_TYPES, { error: 'Choose buyer or seller' });

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, { error: 'Name is required' })
  .max(80, { error: 'Name must be at most 80 characters' })
  .regex(...oneLine('Name'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  img: z.string().nullable(),
  role: roleSchema,
  isVerifiedUser: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** A member as the admin lists (all sellers, all buyers) show them: suspended or not, and why. */
export const memberSchema = userSchema.extend({
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** Registration as the form fills it in (the image is uploaded first and becomes img). */
export const registrationSchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  email: emailSchema,
  password: passwordSchema,
  role: accountTypeSchema,
});
export type Registration = z.input<typeof registrationSchema>;

/** POST /api/auth/sign-up/email: the registration plus the uploaded image's URL. */
export const signUpSchema = registrationSchema.extend({
  image: z.string().trim().max(500).nullable().optional(),
});
export type SignUp = z.input<typeof signUpSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'Password is required' }).max(PASSWORD_MAX),
});
export type Login = z.input<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });

const currentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, { error: 'Enter your current password' })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

/** POST /api/auth/change-password while signed in; other sessions end whatever is asked. */
export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});

/** The change-password form: the new password twice. */
export const changePasswordSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePassword = z.input<typeof changePasswordSchema>;

/** POST /api/auth/delete-user: one's own account, only with its password asked again. */
export const deleteAccountSchema = z.object({ password: currentPasswordSchema });
export type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** PUT /users: the signed-in user's own profile. Role only on creation, never admin. */
export const putUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  img: z.string().trim().max(500).nullable().optional(),
  role: accountTypeSchema.optional(),
});
export type PutUser = z.input<typeof putUserSchema>;

export const jwtResponseSchema = z.object({ accessToken: z.string() });
export const isBuyerSchema = z.object({ isBuyer: z.boolean() });
export const isAdminSchema = z.object({ isAdmin: z.boolean() });
export const isSellerSchema = z.object({ isSeller: z.boolean() });
export const sellerRoleSchema = z.array(z.object({ isVerifiedUser: z.boolean() }));

/** GET /api/session: the signed-in user, or null for a visitor (never a 401). */
export const sessionStateSchema = z.object({ user: userSchema.nullable() });
export type SessionState = z.infer<typeof sessionStateSchema>;

/** The signed-in user as the web app sees it. */
export const meSchema = userSchema;
export type Me = User;

/** GET /api/app-config: what the web app needs to know about this server before sign-in. */
export const appConfigSchema = z.object({
  /** Which social sign-in the 'Google' button starts, or null when none is configured. */
  socialSignIn: z.enum(['google', 'oidc']).nullable(),
  /** The demo admin shown on the log-in page when demo data is on. */
  demoAdmin: z.object({ email: z.string(), password: z.string() }).nullable(),
  /** Where people write for help (SUPPORT_EMAIL); null when the operator gave none. */
  supportEmail: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** PUT /api/me/language: the language the signed-in user reads the marketplace in. */
export const languageChoiceSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose the language: en (English) or bn (Bangla)' }),
});
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
