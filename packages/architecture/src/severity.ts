import type { FindingType, Severity } from './types.js';

/** What an item weighs when it does not say: obligations and prohibitions block, advice flags. */
export const defaultSeverity: Record<FindingType, Severity> = {
  must_do: 'HIGH',
  must_not_do: 'HIGH',
  should_do: 'MEDIUM',
};
