const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** 'just now', '5 minutes ago', 'in 6 days'. `now` is a parameter so tests control the clock. */
export function relativeTime(date: Date | string, now: Date = new Date(), locale = 'en'): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const diff = then.getTime() - now.getTime();
  if (Number.isNaN(diff)) return '';
  if (Math.abs(diff) < 60 * 1000) return 'just now';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  }
  return 'just now';
}

/** '21 Nov 2026' */
export function shortDate(date: Date | string, locale?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return value.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** '21 Nov 2026, 14:05', for titles that explain a relative time. */
export function fullDateTime(date: Date | string, locale?: string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) return '';
  return value.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** '1 task', '2 tasks', '0 tasks'; `many` for words that do not just take an s ('1 person', '2 people'). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
