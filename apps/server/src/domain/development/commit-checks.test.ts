import { describe, expect, it } from 'vitest';
import { checkStateOf, combinedChecks, statusStateOf } from './commit-checks';

describe("a commit's checks", () => {
  it('reads a run or suite as pending until it completes, then by its conclusion', () => {
    expect(checkStateOf('queued', null)).toBe('pending');
    expect(checkStateOf('in_progress', null)).toBe('pending');
    expect(checkStateOf('completed', 'success')).toBe('success');
    expect(checkStateOf('completed', 'skipped')).toBe('success');
    expect(checkStateOf('completed', 'neutral')).toBe('success');
    expect(checkStateOf('completed', 'timed_out')).toBe('failure');
    expect(checkStateOf('completed', 'cancelled')).toBe('failure');
    expect(statusStateOf('error')).toBe('failure');
  });

  it('fails with any failure, else waits with any pending, else passes; none is null', () => {
    expect(combinedChecks([])).toBeNull();
    expect(combinedChecks(['success', 'pending', 'failure'])).toBe('failure');
    expect(combinedChecks(['success', 'pending'])).toBe('pending');
    expect(combinedChecks(['success', 'success'])).toBe('success');
  });
});
