import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBoundedYaml, type YamlBounds } from './bounded-yaml.js';

const bounds: YamlBounds = { entries: 50, depth: 4, aliases: 2 };
const read = (text: string) => {
  const { problems, lineCounter, document } = parseBoundedYaml(text, bounds, { fileName: 'x.yaml' });
  return {
    document,
    problems: problems.map((problem) => ({
      line: lineCounter.linePos(problem.offset).line,
      message: problem.message,
    })),
  };
};

describe('parseBoundedYaml', () => {
  it('reads a document within the bounds', () => {
    const { document, problems } = read('a:\n  b: [1, 2]\n  c: {d: e}\n');
    expect(problems).toEqual([]);
    expect(document.toJS()).toEqual({ a: { b: [1, 2], c: { d: 'e' } } });
  });

  it('refuses more keys and list items than the limit, on the line where the count passes it', () => {
    const text = Array.from({ length: 60 }, (_, index) => `k${index}: v`).join('\n');
    expect(read(text).problems).toEqual([
      {
        line: 51,
        message: 'x.yaml has more than 50 keys and list items; the limit is 50 per YAML document.',
      },
    ]);
  });

  it('counts the entries of flow collections too', () => {
    const text = `list: [${Array.from({ length: 60 }, (_, index) => index).join(', ')}]`;
    expect(read(text).problems.map((problem) => problem.message)).toEqual([
      'x.yaml has more than 50 keys and list items; the limit is 50 per YAML document.',
    ]);
  });

  it('refuses nesting deeper than the limit, in block and in flow style', () => {
    expect(read('a:\n b:\n  c:\n   d:\n    e: f\n').problems).toEqual([
      { line: 5, message: 'x.yaml nests mappings and lists more than 4 deep; the limit is 4.' },
    ]);
    expect(read(`x: ${'['.repeat(10_000)}${']'.repeat(10_000)}`).problems).toEqual([
      { line: 1, message: 'x.yaml nests mappings and lists more than 4 deep; the limit is 4.' },
    ]);
  });

  it('refuses more aliases than the limit', () => {
    expect(read('a: &x 1\nb: *x\nc: *x\nd: *x\n').problems).toEqual([
      { line: 4, message: 'x.yaml uses more than 2 aliases; the limit is 2 per YAML document.' },
    ]);
  });

  it('names the second of two equal keys, however large the mapping', () => {
    const many = Array.from({ length: 40 }, (_, index) => `k${index}: v`).join('\n');
    expect(read(`${many}\nk7: again\n`).problems).toEqual([
      { line: 41, message: 'Map keys must be unique; "k7" is repeated' },
    ]);
  });

  it('never throws on any text, and answers a document or problems', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', ':', ' ', '\n', '-', '[', ']', '{', '}', ',', '&', '*', '"'),
        }),
        (text) => {
          const result = parseBoundedYaml(text, bounds, { fileName: 'x.yaml' });
          expect(Array.isArray(result.problems)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
