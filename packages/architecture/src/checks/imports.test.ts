import { describe, expect, it } from 'vitest';
import { moduleReferences } from './imports.js';
import { specifierMatches } from './module-patterns.js';

describe('moduleReferences', () => {
  it('finds every way a TypeScript file names a module, and nothing in comments or strings', async () => {
    const source = [
      "import type { A } from 'types-only';",
      "import def, { b } from 'static';",
      "import 'side-effect';",
      "export { c } from 'reexported';",
      "export * from 'star';",
      "const lazy = await import('dynamic');",
      "const old = require('required');",
      "import legacy = require('import-equals');",
      "// import x from 'commented'",
      "/* require('block-commented') */",
      'const text = "import y from \'in-a-string\'";',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test holds a template literal
      "const tpl = `require('in-a-template') ${require('in-a-substitution')}`;",
      'const re = /require\\("in-a-regex"\\)/;',
      'function typed<T extends Record<string, unknown>>(value: T): T { return value; }',
      "other.require('a-method-not-require');",
    ].join('\n');
    const references = await moduleReferences(source);
    expect(references.map((reference) => [reference.specifier, reference.kind, reference.typeOnly])).toEqual([
      ['types-only', 'import', true],
      ['static', 'import', false],
      ['side-effect', 'import', false],
      ['reexported', 'export from', false],
      ['star', 'export from', false],
      ['dynamic', 'dynamic import', false],
      ['required', 'require', false],
      ['import-equals', 'import', false],
      ['in-a-substitution', 'require', false],
    ]);
  });

  it('falls back to the tokenizer when the lexer cannot read the file', async () => {
    // An unterminated template literal stops es-module-lexer; the tokenizer still reads the imports.
    const source = "import a from 'first';\nexport { b } from 'second';\nconst broken = `";
    const references = await moduleReferences(source);
    expect(references.map((reference) => [reference.specifier, reference.kind])).toEqual([
      ['first', 'import'],
      ['second', 'export from'],
    ]);
  });
});

describe('specifierMatches', () => {
  it.each([
    ['axios', 'axios', true],
    ['axios', 'axios/lib/core', true],
    ['axios', 'axios-retry', false],
    ['@internal/*', '@internal/db', true],
    ['@internal/*', '@internal/db/client', true],
    ['@internal/*', '@other/db', false],
    ['../**/db/*', '../../db/client', true],
    ['../**/db/*', '../db/client', true],
    ['../**/db/*', './db/client', false],
    ['node:*', 'node:fs', true],
  ])('%s against %s is %s', (pattern, specifier, expected) => {
    expect(specifierMatches(pattern, specifier)).toBe(expected);
  });
});
