type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `line_items[0][price]` → ['line_items', '0', 'price']. */
function keyPath(key: string): string[] {
  const [head = '', ...rest] = key.split('[');
  return [head, ...rest.map((part) => part.replace(/]$/, ''))];
}

/**
 * Reads a body the way Stripe's API does: form-encoded, with brackets for nesting
 * (`metadata[referenceId]=…`, `line_items[0][price]=…`). Numeric keys make arrays.
 */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as FormObject | FormValue[];
    });
  }
  return root;
}

export function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function object(value: FormValue | undefined): FormObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

export function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value;
  // Stripe's SDK writes arrays with indices, which arrive as an object keyed '0', '1' … when sparse.
  return value && typeof value === 'object' ? Object.values(value) : [];
}
