/**
 * Returns `target` only when it is a path on this site (`/dashboard/projects?x=1#y`), else undefined.
 * A `redirect` search value comes from the address bar, so anything that could leave the site —
 * `https://evil.test`, `//evil.test`, `/\evil.test`, `javascript:` — is refused (open-redirect guard).
 */
export function safeRedirectPath(target: unknown): string | undefined {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2_048) return undefined;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn '/\t/evil' into '//evil'.
  for (const char of target) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return undefined;
  }
  const base = 'https://switchboard.invalid';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after signing in: a safe `redirect` value, else the dashboard. */
export function postSignInPath(redirect: unknown): string {
  return safeRedirectPath(redirect) ?? '/dashboard';
}
