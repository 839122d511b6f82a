import * as z from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../lib/password-rules';

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.'));

/** The "forgot password" form: the address to send the link to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset page: the new password, typed twice. */
export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    message: 'The two passwords differ. Type the same password twice.',
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/**
 * The account page's address change: the new address, and the current password to allow it (for
 * accounts that have one; a GitHub-only account has none to give).
 */
export function emailChangeSchema(currentEmail: string, needsPassword: boolean) {
  return z.object({
    newEmail: email.refine(
      (value) => value !== currentEmail.toLowerCase(),
      'This is your address already. Enter the new one.',
    ),
    password: needsPassword ? z.string().min(1, 'Enter your current password.') : z.string(),
  });
}
export type EmailChangeInput = z.infer<ReturnType<typeof emailChangeSchema>>;

/** The account page's password change: the current password, the new one typed twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirmation: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmation, {
    path: ['confirmation'],
    message: 'The two passwords differ. Type the same password twice.',
  });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** A code from an authenticator app (six digits) or a recovery code, as typed. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(6, 'Enter the code from your app, or a recovery code.')),
});

/** A form that asks only for the current password (turning two-factor sign-in on or off). */
export const currentPasswordSchema = z.object({
  password: z.string().min(1, 'Enter your current password.'),
});
