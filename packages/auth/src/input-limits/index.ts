import { ACCOUNT_LIMITS } from '@switchboard/api-client/contract';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { authError } from '../shared/errors';
import { isRecord } from '../shared/hook-context';

/** The body fields holding an e-mail address, by route. */
const EMAIL_FIELDS: Record<string, string> = {
  '/sign-in/email': 'email',
  '/sign-up/email': 'email',
  '/request-password-reset': 'email',
  '/change-email': 'newEmail',
  '/organization/invite-member': 'email',
};

/** Routes whose body may name the person: required on sign-up, optional when updating. */
const NAME_ROUTES: Record<string, 'required' | 'optional'> = {
  '/sign-up/email': 'required',
  '/update-user': 'optional',
};

/** What an organization update may change; better-auth fails with a 500 when `data` holds none of it. */
const ORGANIZATION_FIELDS = ['name', 'slug', 'logo', 'metadata'] as const;

const CHECKED_ROUTES = new Set([
  ...Object.keys(EMAIL_FIELDS),
  ...Object.keys(NAME_ROUTES),
  '/organization/update',
]);

const refused = (message: string) => authError('VALIDATION_FAILED', message);

/** Why `body[field]` is not an address we can store, or undefined. Its type is the endpoint's to check. */
export function emailProblem(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (typeof value === 'string' && value.length > ACCOUNT_LIMITS.emailMaxLength)
    return `${field}: must be at most ${ACCOUNT_LIMITS.emailMaxLength} characters`;
  return undefined;
}

/** Why `body.name` is not a name we can store, or undefined. */
export function nameProblem(
  body: Record<string, unknown>,
  presence: 'required' | 'optional',
): string | undefined {
  if (!('name' in body) && presence === 'optional') return undefined;
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') return 'name: is required and may not be empty';
  if (name.length > ACCOUNT_LIMITS.nameMaxLength)
    return `name: must be at most ${ACCOUNT_LIMITS.nameMaxLength} characters`;
  return undefined;
}

/** Why an organization update's `data` changes nothing, or undefined. */
export function organizationUpdateProblem(body: Record<string, unknown>): string | undefined {
  const data = body.data;
  if (!isRecord(data)) return undefined; // the endpoint's own schema answers
  if (ORGANIZATION_FIELDS.some((field) => data[field] !== undefined)) return undefined;
  return `data: give at least one of ${ORGANIZATION_FIELDS.join(', ')}`;
}

/**
 * Checks sizes and required fields better-auth leaves to the database, before its endpoints run: an
 * over-long address would otherwise fail deep in a query (a 500, with the whole value in the log), a
 * null name breaks a NOT NULL column, an empty organization update an empty UPDATE. Each is a 400 in
 * better-auth's own error shape, naming the field.
 */
export function inputLimits(): BetterAuthPlugin {
  return {
    id: 'switchboard-input-limits',
    hooks: {
      before: [
        {
          matcher: (ctx) => CHECKED_ROUTES.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (!isRecord(ctx.body)) return;
            const emailField = EMAIL_FIELDS[ctx.path];
            const namePresence = NAME_ROUTES[ctx.path];
            const problem =
              (emailField && emailProblem(ctx.body, emailField)) ||
              (namePresence && nameProblem(ctx.body, namePresence)) ||
              (ctx.path === '/organization/update' ? organizationUpdateProblem(ctx.body) : undefined);
            if (problem) throw refused(problem);
          }),
        },
      ],
    },
  };
}
