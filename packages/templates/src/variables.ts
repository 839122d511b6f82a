import { Ajv } from 'ajv';
import type { ScaffoldMethod } from './types.js';

export interface VariableProblem {
  field: string;
  message: string;
}

export type VariablesResult =
  | { ok: true; values: Record<string, unknown> }
  | { ok: false; errors: VariableProblem[] };

type AjvConstructor = typeof Ajv;

/**
 * Checks values against a variables schema and fills its defaults. Self-contained (it uses nothing
 * from its module), because the render worker runs its source text: a schema's `pattern` could
 * backtrack without end, and there it costs only the worker's time limit.
 */
export function checkVariablesWith(
  AjvClass: AjvConstructor,
  schema: Record<string, unknown>,
  values: unknown,
): VariablesResult {
  const ajv = new AjvClass({ allErrors: true, useDefaults: true, strict: false, validateFormats: false });
  let validate: ReturnType<typeof ajv.compile>;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      errors: [{ field: 'variables_schema', message: `The variables schema is invalid: ${reason}` }],
    };
  }
  // A copy: useDefaults writes into the object it validates, and callers keep theirs.
  const copy =
    values && typeof values === 'object' && !Array.isArray(values)
      ? JSON.parse(JSON.stringify(values))
      : values;
  if (validate(copy)) return { ok: true, values: copy as Record<string, unknown> };
  const errors = (validate.errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const pointer = error.instancePath
      .split('/')
      .slice(1)
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
      const field = [...pointer, params.missingProperty].join('.');
      return { field, message: `"${field}" is required.` };
    }
    if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      const field = [...pointer, params.additionalProperty].join('.');
      return { field, message: `"${field}" is not a variable of this method.` };
    }
    const field = pointer.length > 0 ? pointer.join('.') : 'variables';
    // ajv's own words ("must be equal to one of the allowed values") leave out the values.
    if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
      const allowed = params.allowedValues.map((value) => JSON.stringify(value)).join(', ');
      return { field, message: `"${field}" must be one of ${allowed}.` };
    }
    return { field, message: `"${field}" ${error.message ?? 'is invalid'}.` };
  });
  return { ok: false, errors };
}

/**
 * Validates a method's variables (ajv, defaults filled in before include conditions are read). Runs
 * in the caller's thread: fine for forms and a user's own templates; `renderMethod` checks again in
 * its time-limited worker.
 */
export function validateVariables(
  method: Pick<ScaffoldMethod, 'variablesSchema'>,
  values: unknown,
): VariablesResult {
  return checkVariablesWith(Ajv, method.variablesSchema, values ?? {});
}
