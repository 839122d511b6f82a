import { AppError } from './errors';

/** A write carried a version someone else already replaced: 409 with the current version. */
export function versionConflict(entity: string, currentVersion: number): AppError {
  return new AppError(
    'VERSION_CONFLICT',
    `This ${entity} was changed by someone else (now version ${currentVersion}); reload and try again.`,
    { currentVersion },
  );
}
