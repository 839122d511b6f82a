import type { Task } from '@switchboard/api-client/contract';

/** Tokens and cost agents reported (report-usage), for one task or summed over many. */
export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export const NO_USAGE: UsageTotals = { inputTokens: 0, outputTokens: 0, costUsd: 0 };

/** The sum over tasks; cheap enough for a board (it already holds every task of the project). */
export function sumUsage(tasks: ReadonlyArray<Pick<Task, 'usage'>>): UsageTotals {
  return tasks.reduce<UsageTotals>(
    (total, task) => ({
      inputTokens: total.inputTokens + task.usage.inputTokens,
      outputTokens: total.outputTokens + task.usage.outputTokens,
      // Cents are summed as integers of a millionth, so many small reports do not drift.
      costUsd: Math.round((total.costUsd + task.usage.costUsd) * 1e6) / 1e6,
    }),
    NO_USAGE,
  );
}

export function hasUsage(usage: UsageTotals): boolean {
  return usage.inputTokens > 0 || usage.outputTokens > 0 || usage.costUsd > 0;
}

/** 950 → '950', 12_345 → '12.3K', 4_200_000 → '4.2M': compact, for headers and cards. */
export function compactTokens(count: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** Exact, with separators: '12,345'. */
export function exactTokens(count: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale).format(count);
}

/** '$1.24'; a cost above zero but under a cent reads '<$0.01' rather than '$0.00'. */
export function formatCost(usd: number, locale = 'en'): string {
  if (usd > 0 && usd < 0.01) return '<$0.01';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 2,
  }).format(usd);
}

/** '12.3K tokens in · 4.1K out · $1.24' */
export function usageSummary(usage: UsageTotals, locale = 'en'): string {
  return `${compactTokens(usage.inputTokens, locale)} tokens in · ${compactTokens(usage.outputTokens, locale)} out · ${formatCost(usage.costUsd, locale)}`;
}
