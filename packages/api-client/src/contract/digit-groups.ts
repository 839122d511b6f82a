/**
 * A whole number with its thousands grouped by commas, as `toLocaleString('en')` writes it (524,288).
 * Schemas put limits in their messages when they are built; Intl's first use costs a short-lived process
 * such as a CLI command more than building every schema of its module.
 */
export function withDigitGroups(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}
