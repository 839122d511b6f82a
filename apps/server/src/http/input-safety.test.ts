import { describe, expect, it } from 'vitest';
import { describeUnsafeInput, findUnsafeInput, MAX_INPUT_DEPTH } from './input-safety';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

describe('findUnsafeInput', () => {
  it('passes ordinary text, emoji, numbers and shallow documents', () => {
    expect(findUnsafeInput({ title: 'Fix 🐛 in naïve code', tags: ['a', 1, null, true] })).toBeUndefined();
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH - 1))).toBeUndefined();
  });

  it('names the field holding a NUL character', () => {
    const found = findUnsafeInput({ devInfo: { notes: ['ok', 'bad\u0000'] } });
    expect(found?.path).toEqual(['devInfo', 'notes', 1]);
    expect(found && describeUnsafeInput(found)).toBe('devInfo.notes.1: must not contain NUL characters');
  });

  it('refuses lone surrogates, high or low, and accepts paired ones', () => {
    expect(findUnsafeInput({ title: 'a\uD800b' })?.path).toEqual(['title']);
    expect(findUnsafeInput({ title: '\uDC00' })?.path).toEqual(['title']);
    expect(findUnsafeInput({ title: 'x\uD800' })?.path).toEqual(['title']);
    expect(findUnsafeInput({ title: '\uD83D\uDE00' })).toBeUndefined();
  });

  it('refuses a bad field name without echoing it', () => {
    const found = findUnsafeInput({ devInfo: { 'a\u0000': 1 } });
    expect(found).toEqual({
      path: ['devInfo'],
      message: 'holds a field whose name must not contain NUL characters',
    });
  });

  it('refuses nesting beyond the limit, also in arrays, without walking the rest', () => {
    expect(findUnsafeInput(nested(MAX_INPUT_DEPTH + 1))?.message).toBe('is nested too deeply');
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findUnsafeInput(deep)?.message).toBe('is nested too deeply');
    expect(findUnsafeInput({ a: 1 }, 0)?.message).toBe('is nested too deeply');
  });
});
