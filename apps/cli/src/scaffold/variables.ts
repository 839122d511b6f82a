import { UsageError } from '../exit-codes';

/** The part of a JSON Schema the CLI reads to turn `--var name=value` text into typed values. */
export interface VariablesSchema {
  properties?: Record<
    string,
    { type?: string | string[]; default?: unknown; description?: string; enum?: unknown[] }
  >;
  required?: string[];
}

function typeOf(schema: VariablesSchema, name: string): string | undefined {
  const type = schema.properties?.[name]?.type;
  return Array.isArray(type) ? type.find((candidate) => candidate !== 'null') : type;
}

/**
 * A value typed by its property's schema: `true`/`false` for booleans, numbers for number and
 * integer, JSON for arrays and objects, text for the rest. A name the schema does not know is refused
 * (a misspelt variable would otherwise be dropped silently and its default used), and so is a value
 * outside the property's `enum`, naming the values it allows.
 */
export function typedValue(schema: VariablesSchema, name: string, text: string): unknown {
  const known = Object.keys(schema.properties ?? {});
  if (!known.includes(name)) {
    throw new UsageError(
      known.length === 0
        ? `--var ${name}: this method takes no variables.`
        : `--var ${name}: not a variable of this method; its variables: ${known.join(', ')}.`,
    );
  }
  const value = valueOfType(schema, name, text);
  const allowed = schema.properties?.[name]?.enum;
  if (Array.isArray(allowed) && !allowed.some((option) => option === value)) {
    throw new UsageError(
      `--var ${name}: must be one of ${allowed.map((option) => String(option)).join(', ')} (got "${text}").`,
    );
  }
  return value;
}

function valueOfType(schema: VariablesSchema, name: string, text: string): unknown {
  switch (typeOf(schema, name)) {
    case 'boolean':
      if (text === 'true') return true;
      if (text === 'false') return false;
      throw new UsageError(`--var ${name}: expected true or false, got "${text}".`);
    case 'number':
    case 'integer': {
      const number = Number(text);
      if (text.trim() === '' || !Number.isFinite(number))
        throw new UsageError(`--var ${name}: expected a number, got "${text}".`);
      return number;
    }
    case 'array':
    case 'object':
      try {
        return JSON.parse(text);
      } catch {
        throw new UsageError(`--var ${name}: expected JSON, got "${text}".`);
      }
    default:
      return text;
  }
}

/** `--var name=value`, repeatable: the text of each, split at the first `=`. */
export function parseVarFlags(flags: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const flag of flags) {
    const at = flag.indexOf('=');
    const name = at === -1 ? '' : flag.slice(0, at).trim();
    if (!name) throw new UsageError(`--var ${flag}: expected name=value, e.g. --var serviceName=billing.`);
    values[name] = flag.slice(at + 1);
  }
  return values;
}

export function typedValues(schema: VariablesSchema, texts: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(texts).map(([name, text]) => [name, typedValue(schema, name, text)]),
  );
}

/** Required variables with neither a value nor a default: the ones to ask for, or to name in the error. */
export function missingRequired(schema: VariablesSchema, values: Record<string, unknown>): string[] {
  return (schema.required ?? []).filter(
    (name) => values[name] === undefined && schema.properties?.[name]?.default === undefined,
  );
}
