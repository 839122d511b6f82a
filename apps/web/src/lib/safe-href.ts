/** Schemes a link from user text may use; anything else (javascript:, data:, vbscript: …) is refused. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link target if it is safe to follow, else undefined. Allowed: http(s), mailto and relative
 * references. Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`), so
 * those are removed before looking; a colon before any `/` or `?` means a scheme, which must be allowed.
 */
export function safeHref(raw: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = raw.trim().replace(/[\u0000-\u001f\u007f\s]+/g, '');
  if (cleaned === '') return undefined;
  const firstDelimiter = cleaned.search(/[/?]/);
  const head = firstDelimiter === -1 ? cleaned : cleaned.slice(0, firstDelimiter);
  if (!head.includes(':')) return cleaned.startsWith('//') ? `https:${cleaned}` : cleaned;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(head)?.[1];
  if (!scheme) return undefined;
  return ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`) ? cleaned : undefined;
}
