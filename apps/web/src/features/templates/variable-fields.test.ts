import { describe, expect, it } from 'vitest';
import { initialDraft, variableFields, variablesOf } from './variable-fields';

const schema = {
  type: 'object',
  properties: {
    serviceName: { type: 'string', description: 'The service, e.g. billing' },
    withTests: { type: 'boolean', default: true },
    style: { type: 'string', enum: ['class', 'functions'], default: 'class' },
    retries: { type: 'integer', default: 3 },
    ratio: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['serviceName'],
};

describe('the variables form of a JSON Schema', () => {
  it('gives each property the control its type asks for, with required marks and descriptions', () => {
    expect(variableFields(schema)).toEqual([
      { name: 'serviceName', kind: 'text', required: true, description: 'The service, e.g. billing' },
      { name: 'withTests', kind: 'checkbox', required: false },
      { name: 'style', kind: 'select', required: false, options: ['class', 'functions'] },
      { name: 'retries', kind: 'number', required: false, integer: true },
      { name: 'ratio', kind: 'number', required: false },
      { name: 'tags', kind: 'json', required: false },
    ]);
    expect(variableFields(undefined)).toEqual([]);
  });

  it('starts from the defaults and sends typed values, leaving empty fields out', () => {
    const draft = initialDraft(schema);
    expect(draft).toEqual({
      serviceName: '',
      withTests: true,
      style: 'class',
      retries: '3',
      ratio: '',
      tags: '',
    });
    const fields = variableFields(schema);
    expect(variablesOf(fields, draft)).toEqual({ withTests: true, style: 'class', retries: 3 });
    expect(
      variablesOf(fields, { ...draft, serviceName: 'billing', withTests: false, ratio: 'x', tags: '["a"]' }),
    ).toEqual({
      serviceName: 'billing',
      withTests: false,
      style: 'class',
      retries: 3,
      ratio: 'x',
      tags: ['a'],
    });
  });
});
