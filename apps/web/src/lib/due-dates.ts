import type { StatusCategory } from '@switchboard/api-client/contract';

/*
 * A due date is a calendar day with no time, so it is compared and shown as a day: today is the
 * reader's own day, and a date is never turned into an instant (which would move it across midnight
 * in time zones west of UTC).
 */

/** The reader's calendar day, as the API writes dates (YYYY-MM-DD). */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Past its day and not done: what lists and the task page mark. */
export function isOverdue(
  dueDate: string | null | undefined,
  category: StatusCategory | undefined,
  today: string = localToday(),
): boolean {
  if (!dueDate) return false;
  return category !== 'done' && dueDate < today;
}

/** '3 Dec' in the current year, '3 Dec 2027' otherwise. */
export function formatDueDate(dueDate: string, today: string = localToday(), locale?: string): string {
  const [year, month, day] = dueDate.split('-').map(Number);
  const sameYear = dueDate.slice(0, 4) === today.slice(0, 4);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString(locale, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  });
}

/** '3 points', '1 point'. */
export const pointsLabel = (estimate: number) => `${estimate} ${estimate === 1 ? 'point' : 'points'}`;

/**
 * Orders tasks by a value some have not got (due date, estimate): those without it come last in
 * either direction, since an unset date is neither early nor late. Answers 0 when both lack it.
 */
export function compareSet<T extends string | number>(
  a: T | null | undefined,
  b: T | null | undefined,
  direction: 1 | -1,
): number {
  if (a == null || b == null) return (a == null) === (b == null) ? 0 : a == null ? 1 : -1;
  return direction * (a < b ? -1 : a > b ? 1 : 0);
}
