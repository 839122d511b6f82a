import { describe, expect, it } from 'vitest';
import {
  compactTokens,
  exactTokens,
  formatCost,
  hasUsage,
  NO_USAGE,
  sumUsage,
  usageSummary,
} from './agents-usage';

describe('sumUsage', () => {
  it('adds every task’s tokens and cost without float drift', () => {
    const tasks = Array.from({ length: 10 }, () => ({
      usage: { inputTokens: 100, outputTokens: 20, costUsd: 0.1 },
    }));
    expect(sumUsage(tasks)).toEqual({ inputTokens: 1000, outputTokens: 200, costUsd: 1 });
    expect(sumUsage([])).toEqual(NO_USAGE);
    expect(hasUsage(NO_USAGE)).toBe(false);
    expect(hasUsage({ inputTokens: 0, outputTokens: 0, costUsd: 0.001 })).toBe(true);
  });
});

describe('formatting', () => {
  it('tokens compact and exact', () => {
    expect(compactTokens(950)).toBe('950');
    expect(compactTokens(12_345)).toBe('12.3K');
    expect(compactTokens(4_200_000)).toBe('4.2M');
    expect(exactTokens(12_345)).toBe('12,345');
  });

  it('cost in dollars, never a misleading $0.00', () => {
    expect(formatCost(1.239)).toBe('$1.24');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.004)).toBe('<$0.01');
  });

  it('one line for headers', () => {
    expect(usageSummary({ inputTokens: 12_345, outputTokens: 4_100, costUsd: 1.24 })).toBe(
      '12.3K tokens in · 4.1K out · $1.24',
    );
  });
});
