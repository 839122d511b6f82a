import * as z from 'zod';
import { ROLE_NAMES } from './access';

export const SLUG_MAX = 48;

/** 'Acme Robotics, Inc.' → 'acme-robotics-inc': what the create form suggests as the slug. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

const name = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');

const slug = z
  .string()
  .trim()
  .min(2, 'Use at least 2 characters.')
  .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters.`)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Use lowercase letters, digits and single dashes (e.g. acme-robotics).',
  );

/** An optional http(s) image address; an empty field means none. */
const imageUrl = z
  .string()
  .trim()
  .max(2048, 'This address is too long.')
  .refine(
    (value) => value === '' || /^https?:\/\/\S+$/i.test(value),
    'Enter an address starting with https://.',
  )
  .refine((value) => {
    if (value === '') return true;
    try {
      new URL(value);
      return true;
    } catch {
      return false;
    }
  }, 'Enter a valid web address.');

export const createOrganizationSchema = z.object({ name, slug });
export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;

export const organizationProfileSchema = z.object({ name, slug, logo: imageUrl });
export type OrganizationProfileInput = z.infer<typeof organizationProfileSchema>;

export const inviteMemberSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')),
  role: z.enum(ROLE_NAMES as [string, ...string[]], 'Choose a role.'),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const teamNameSchema = z.object({
  name: z.string().trim().min(1, 'Enter a team name.').max(64, 'Use at most 64 characters.'),
});

export const profileSchema = z.object({ name, image: imageUrl });
export type ProfileInput = z.infer<typeof profileSchema>;

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Validates a form's values; on failure returns the first message per field, for inline display.
 */
export function validateForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors<z.output<S>> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<z.output<S>> };
}
