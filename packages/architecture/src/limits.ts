/** Limits that keep one request from costing the server (or a browser tab) more than a review is worth. */
export const limits = {
  /** Largest architect.yaml or RULES.yaml text accepted. */
  yamlBytes: 512 * 1024,
  /** Most rules in one RULES.yaml. */
  rules: 500,
  /** Most design patterns in one architect.yaml. */
  patterns: 500,
  /** Largest file a review reads. */
  sourceBytes: 2 * 1024 * 1024,
  /** Longest repository path. */
  pathLength: 1024,
} as const;

/** Byte length of UTF-8 text without a TextEncoder allocation of the whole text. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
