import { TemplateError } from './errors.js';
import type { ConditionValue, Include } from './types.js';

/**
 * Reads an include line of scaffold.yaml: `source->target?var=value&other=x`. Without `->` the file
 * keeps its path; `true` and `false` are compared as booleans, anything else as text.
 */
export function parseInclude(text: string): Include {
  const trimmed = text.trim();
  const queryStart = trimmed.lastIndexOf('?');
  // A `?` inside Liquid (`{{ a ? … }}` is not Liquid, but a target could hold one in a string) is not
  // a query; only a `?` after the last `}}` starts the conditions.
  const liquidEnd = trimmed.lastIndexOf('}}');
  const hasQuery = queryStart >= 0 && queryStart > liquidEnd;
  const pathPart = hasQuery ? trimmed.slice(0, queryStart) : trimmed;
  const query = hasQuery ? trimmed.slice(queryStart + 1) : '';
  const arrow = pathPart.indexOf('->');
  const source = (arrow >= 0 ? pathPart.slice(0, arrow) : pathPart).trim();
  const target = (arrow >= 0 ? pathPart.slice(arrow + 2) : pathPart).trim();
  if (source === '')
    throw new TemplateError('INVALID_SCAFFOLD_YAML', `The include "${text}" names no source file.`);
  if (target === '')
    throw new TemplateError('INVALID_SCAFFOLD_YAML', `The include "${text}" names no target after "->".`);
  const conditions: Record<string, ConditionValue> = {};
  if (query !== '') {
    for (const pair of query.split('&')) {
      const equals = pair.indexOf('=');
      const name = (equals >= 0 ? pair.slice(0, equals) : pair).trim();
      const value = equals >= 0 ? pair.slice(equals + 1).trim() : '';
      if (name === '' || equals < 0) {
        throw new TemplateError(
          'INVALID_SCAFFOLD_YAML',
          `The include "${text}" has the condition "${pair}"; write conditions as name=value joined by &.`,
        );
      }
      conditions[name] = value === 'true' ? true : value === 'false' ? false : value;
    }
  }
  return { source, target, conditions };
}

/** Writes an include back as scaffold.yaml's one-line form; `parseInclude` reads it back unchanged. */
export function formatInclude(include: Include): string {
  const paths = include.source === include.target ? include.source : `${include.source}->${include.target}`;
  const query = Object.entries(include.conditions)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
  return query === '' ? paths : `${paths}?${query}`;
}

/** Whether every condition of the include holds for these (defaults-applied) variables. */
export function includeApplies(include: Include, variables: Record<string, unknown>): boolean {
  return Object.entries(include.conditions).every(([name, expected]) => {
    const actual = variables[name];
    if (typeof expected === 'boolean') return actual === expected;
    return actual !== undefined && actual !== null && String(actual) === expected;
  });
}
