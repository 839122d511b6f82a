/**
 * Values the database cannot store or that would make the server work without bound: PostgreSQL
 * text and jsonb refuse NUL, an unpaired UTF-16 surrogate is not text at all (the driver would store
 * a replacement character or jsonb would refuse it), and a deeply nested document costs a stack
 * frame per level in every step that walks it. Checked on the raw input, before any schema or SQL.
 */

/** How deep any request document may nest; free-form fields set tighter limits in their schemas. */
export const MAX_INPUT_DEPTH = 32;

export interface UnsafeInput {
  /** Where the value sits, as a schema issue would name it. */
  path: (string | number)[];
  message: string;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a piece of text cannot be stored, or undefined when it can. */
export function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it holds an unpaired surrogate)';
  return undefined;
}

/**
 * The first value in a parsed JSON document (or a record of query or path values) that cannot be
 * stored: text with NUL or a lone surrogate, in a value or a key, or nesting deeper than `maxDepth`.
 */
export function findUnsafeInput(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): UnsafeInput | undefined {
  return walk(value, [], maxDepth);
}

function walk(value: unknown, path: (string | number)[], depthLeft: number): UnsafeInput | undefined {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, message: problem } : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depthLeft <= 0) return { path, message: 'is nested too deeply' };
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = walk(item, [...path, index], depthLeft - 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    // The bad name itself is not echoed back: it is exactly what cannot be shown or stored.
    if (keyProblem) return { path, message: `holds a field whose name ${keyProblem}` };
    const found = walk(item, [...path, key], depthLeft - 1);
    if (found) return found;
  }
  return undefined;
}

/** "title: must not contain NUL characters" */
export function describeUnsafeInput(found: UnsafeInput): string {
  return found.path.length ? `${found.path.join('.')}: ${found.message}` : found.message;
}
