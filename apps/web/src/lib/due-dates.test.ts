import { describe, expect, it } from 'vitest';
import { compareSet, formatDueDate, isOverdue, localToday, pointsLabel } from './due-dates';

describe('due dates', () => {
  it("today is the reader's own calendar day", () => {
    expect(localToday(new Date(2026, 11, 3, 23, 59))).toBe('2026-12-03');
    expect(localToday(new Date(2027, 0, 9, 0, 1))).toBe('2027-01-09');
  });

  it('a task is overdue after its day, unless it is done', () => {
    expect(isOverdue('2026-12-02', 'in_progress', '2026-12-03')).toBe(true);
    expect(isOverdue('2026-12-03', 'todo', '2026-12-03')).toBe(false);
    expect(isOverdue('2026-12-02', 'done', '2026-12-03')).toBe(false);
    expect(isOverdue(null, 'todo', '2026-12-03')).toBe(false);
  });

  it('shows the year only when it is not this one, on the day written whatever the time zone', () => {
    expect(formatDueDate('2026-12-03', '2026-11-27', 'en-GB')).toBe('3 Dec');
    expect(formatDueDate('2027-01-01', '2026-11-27', 'en-GB')).toBe('1 Jan 2027');
  });

  it('says points in words', () => {
    expect(pointsLabel(1)).toBe('1 point');
    expect(pointsLabel(0)).toBe('0 points');
  });

  it('puts tasks without the value last whichever way it sorts', () => {
    const values = ['2026-12-03', null, '2026-01-01'];
    const sorted = (direction: 1 | -1) => [...values].sort((a, b) => compareSet(a, b, direction));
    expect(sorted(1)).toEqual(['2026-01-01', '2026-12-03', null]);
    expect(sorted(-1)).toEqual(['2026-12-03', '2026-01-01', null]);
  });
});
