import { describe, expect, it } from 'vitest';
import { UsageError } from '../exit-codes';
import { missingRequired, parseVarFlags, typedValues } from './variables';

const schema = {
  properties: {
    serviceName: { type: 'string' },
    withTests: { type: 'boolean', default: true },
    retries: { type: 'integer' },
    tags: { type: 'array' },
    owner: { type: ['string', 'null'] },
    kind: { type: 'string', enum: ['http', 'queue'] },
  },
  required: ['serviceName', 'withTests', 'retries'],
};

describe('--var values', () => {
  it('split at the first = and are typed by the schema', () => {
    const texts = parseVarFlags([
      'serviceName=a=b',
      'withTests=false',
      'retries=3',
      'tags=["x"]',
      'owner=ada',
    ]);
    expect(typedValues(schema, texts)).toEqual({
      serviceName: 'a=b',
      withTests: false,
      retries: 3,
      tags: ['x'],
      owner: 'ada',
    });
  });

  it('refuse what their type cannot be, naming the variable', () => {
    expect(() => parseVarFlags(['=x'])).toThrow(UsageError);
    expect(() => typedValues(schema, { withTests: 'yes' })).toThrow(
      '--var withTests: expected true or false, got "yes".',
    );
    expect(() => typedValues(schema, { retries: 'many' })).toThrow(
      '--var retries: expected a number, got "many".',
    );
    expect(() => typedValues(schema, { tags: '[x' })).toThrow('--var tags: expected JSON, got "[x".');
  });

  it('refuse a name the method does not have, and a value outside its enum, listing what it takes', () => {
    expect(() => typedValues(schema, { servceName: 'billing' })).toThrow(
      '--var servceName: not a variable of this method; its variables: serviceName, withTests, retries, tags, owner, kind.',
    );
    expect(() => typedValues({}, { anything: 'x' })).toThrow(
      '--var anything: this method takes no variables.',
    );
    expect(() => typedValues(schema, { kind: 'cron' })).toThrow(
      '--var kind: must be one of http, queue (got "cron").',
    );
    expect(typedValues(schema, { kind: 'queue' })).toEqual({ kind: 'queue' });
  });

  it('name the required variables that have neither a value nor a default', () => {
    expect(missingRequired(schema, {})).toEqual(['serviceName', 'retries']);
    expect(missingRequired(schema, { serviceName: 'a', retries: 1 })).toEqual([]);
  });
});
