import type { ErrorCode } from '@switchboard/api-client/errors';
import { AppError, postgresErrorCode } from './errors';

/** What must be uniquely named, where, and the code a taken name answers: labels in an organization. */
export interface UniqueNames {
  code: ErrorCode;
  thing: string;
  scope: string;
}

const UNIQUE_VIOLATION = '23505';

export function nameTaken({ code, thing, scope }: UniqueNames, name: string): AppError {
  return new AppError(code, `Another ${thing} in this ${scope} is named "${name}".`, [
    { path: ['name'], message: `is already a ${thing} of this ${scope}` },
  ]);
}

/** Refuses `name` when one of `named` (other than `except`) has it; people read names without case. */
export function refuseTakenName(
  names: UniqueNames,
  named: readonly { id: string; name: string }[],
  name: string,
  except?: string,
): void {
  const wanted = name.toLowerCase();
  const taken = named.find((row) => row.id !== except && row.name.toLowerCase() === wanted);
  if (taken) throw nameTaken(names, taken.name);
}

/** Two writers taking one name at once: the unique index refuses the second, answered like the check. */
export async function withNameGuard<T>(
  names: UniqueNames,
  name: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (name !== undefined && postgresErrorCode(error) === UNIQUE_VIOLATION) throw nameTaken(names, name);
    throw error;
  }
}
