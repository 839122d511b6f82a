import { AppError } from '../../../domain/errors';

const PAGE_SIZE = 50;

/** An offset page of a list, with the cursor of the next page (null on the last). */
export function page<T>(items: T[], cursor: string | undefined): { items: T[]; nextCursor: string | null } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new AppError('VALIDATION_FAILED', 'cursor: pass the nextCursor of the previous page as it was.');
  }
  const end = start + PAGE_SIZE;
  return { items: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}
