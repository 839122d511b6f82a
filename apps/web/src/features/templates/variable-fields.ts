/**
 * The form a method's variables_schema (JSON Schema) asks for: one field per property, typed by the
 * property. Only the shapes a scaffold.yaml uses get a control of their own; anything else (arrays,
 * objects) is typed as JSON in a text field, so every schema still gives a usable form.
 */
export type VariableFieldKind = 'text' | 'checkbox' | 'select' | 'number' | 'json';

export interface VariableField {
  name: string;
  kind: VariableFieldKind;
  required: boolean;
  description?: string;
  /** select: the enum's values, as text. */
  options?: string[];
  integer?: boolean;
}

/** What the form holds: text for every control except checkboxes. */
export type VariableDraft = Record<string, string | boolean>;

interface PropertySchema {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  description?: string;
  title?: string;
}

interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

function asObjectSchema(schema: unknown): ObjectSchema {
  return typeof schema === 'object' && schema !== null ? (schema as ObjectSchema) : {};
}

function typeOf(property: PropertySchema): string | undefined {
  return Array.isArray(property.type) ? property.type.find((type) => type !== 'null') : property.type;
}

function kindOf(property: PropertySchema): VariableFieldKind {
  if (Array.isArray(property.enum) && property.enum.length > 0) return 'select';
  switch (typeOf(property)) {
    case 'boolean':
      return 'checkbox';
    case 'number':
    case 'integer':
      return 'number';
    case 'array':
    case 'object':
      return 'json';
    default:
      return 'text';
  }
}

export function variableFields(schema: unknown): VariableField[] {
  const { properties = {}, required = [] } = asObjectSchema(schema);
  return Object.entries(properties).map(([name, property]) => {
    const kind = kindOf(property);
    const description = property.description ?? property.title;
    return {
      name,
      kind,
      required: required.includes(name),
      ...(description ? { description } : {}),
      ...(kind === 'select' ? { options: (property.enum ?? []).map(String) } : {}),
      ...(typeOf(property) === 'integer' ? { integer: true } : {}),
    };
  });
}

/** The form's first values: each property's default, else empty (unchecked for booleans). */
export function initialDraft(schema: unknown): VariableDraft {
  const { properties = {} } = asObjectSchema(schema);
  const draft: VariableDraft = {};
  for (const [name, property] of Object.entries(properties)) {
    const kind = kindOf(property);
    const value = property.default;
    if (kind === 'checkbox') draft[name] = value === true;
    else if (value === undefined) draft[name] = '';
    else draft[name] = kind === 'json' ? JSON.stringify(value) : String(value);
  }
  return draft;
}

/**
 * The variables to send: empty fields are left out (so the schema's default or its "required"
 * decides), numbers become numbers, JSON fields are parsed; a value that is not what its field
 * needs is kept as typed, for the server's validation to name.
 */
export function variablesOf(fields: readonly VariableField[], draft: VariableDraft): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.name];
    if (value === undefined) continue;
    if (typeof value === 'boolean') {
      variables[field.name] = value;
      continue;
    }
    if (value.trim() === '') continue;
    if (field.kind === 'number') {
      const number = Number(value);
      variables[field.name] = Number.isFinite(number) ? number : value;
    } else if (field.kind === 'json') {
      try {
        variables[field.name] = JSON.parse(value);
      } catch {
        variables[field.name] = value;
      }
    } else {
      variables[field.name] = value;
    }
  }
  return variables;
}
