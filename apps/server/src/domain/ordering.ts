import { INT4_MAX } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { AppError } from './errors';

/**
 * Board order is (status position, task position, task number): the number breaks ties, so the order
 * is total and a keyset cursor never skips or repeats a task.
 */
export interface BoardPlace {
  statusPosition: number;
  position: number;
  number: number;
}

// Status positions and task numbers are integer columns: a larger number in a forged cursor would
// fail in the query instead of here.
const boardInteger = z.number().int().min(-INT4_MAX).max(INT4_MAX);
const cursorSchema = z.tuple([boardInteger, z.number().finite(), boardInteger]);

export function encodeCursor(place: BoardPlace): string {
  return Buffer.from(JSON.stringify([place.statusPosition, place.position, place.number])).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): BoardPlace {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    raw = undefined;
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'cursor: is not a cursor this API handed out', [
      { path: ['cursor'], message: 'is not a cursor this API handed out' },
    ]);
  }
  const [statusPosition, position, number] = parsed.data;
  return { statusPosition, position, number };
}

/** The position after the last card of a column: positions are fractional, so gaps are free. */
export function endOfColumn(lastPosition: number | null): number {
  return lastPosition === null ? 1 : Math.floor(lastPosition) + 1;
}

/**
 * Positions for `count` cards appended one after another to a column whose end is `end` (the place
 * the first one takes): each goes after the one before, exactly where appending them singly puts them.
 */
export function appendedPositions(end: number, count: number): number[] {
  const positions: number[] = [];
  for (let place = end; positions.length < count; place = endOfColumn(place)) positions.push(place);
  return positions;
}

/** A search term as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
