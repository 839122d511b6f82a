import { describe, expect, it } from 'vitest';
import {
  handlesOf,
  type MentionDirectory,
  mentionedHandles,
  mentionSpans,
  preferredHandle,
  resolveMentions,
} from './mentions';

const ada = { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' };
const grace = { id: 'u-grace', name: 'Grace Hopper', email: 'grace@navy.example' };
const otherAda = { id: 'u-ada2', name: 'Ada Byron', email: 'ada@other.example' };
const directory: MentionDirectory = { people: [ada, grace], agents: [{ name: 'backend-dev' }] };

describe('mention handles in a comment', () => {
  it('reads @handles at the start, after spaces and punctuation, without a sentence-ending dot', () => {
    expect(mentionedHandles('@ada can you look? (cc @Grace.)')).toEqual(['ada', 'grace']);
  });

  it('keeps dots, dashes and underscores inside a handle', () => {
    expect(mentionedHandles('ask @ada.lovelace and @backend-dev')).toEqual(['ada.lovelace', 'backend-dev']);
  });

  it('does not take e-mail addresses for mentions', () => {
    expect(mentionedHandles('write to ada@example.com or a+b@x.io')).toEqual([]);
  });

  it('ignores inline code and fenced code blocks', () => {
    const body = 'run `npm i @types/node` then\n```ts\nimport x from "@ada/pkg";\n```\nthanks @grace';
    expect(mentionedHandles(body)).toEqual(['grace']);
  });

  it('ignores an unclosed fence to the end of the text', () => {
    expect(mentionedHandles('hi @grace\n```\n@ada')).toEqual(['grace']);
  });

  it('gives each handle once and lower-cased', () => {
    expect(mentionedHandles('@Ada @ada @ADA')).toEqual(['ada']);
  });

  it('marks where each mention sits in a run of text', () => {
    expect(mentionSpans('hi @ada!')).toEqual([{ index: 3, length: 4, handle: 'ada' }]);
  });
});

describe('who a handle names', () => {
  it('answers to the e-mail local part and to the name without spaces', () => {
    expect(handlesOf(ada)).toEqual(['ada', 'adalovelace']);
    const found = resolveMentions('@AdaLovelace and @grace', directory);
    expect(found.people.map((person) => person.id)).toEqual(['u-ada', 'u-grace']);
  });

  it('leaves unknown handles as text', () => {
    expect(resolveMentions('@nobody here', directory)).toEqual({ people: [], agents: [] });
  });

  it('notifies nobody for a handle two people share, but the unshared name still works', () => {
    const shared: MentionDirectory = { people: [ada, otherAda, grace], agents: [] };
    expect(resolveMentions('@ada', shared).people).toEqual([]);
    expect(resolveMentions('@adabyron', shared).people.map((person) => person.id)).toEqual(['u-ada2']);
    expect(preferredHandle(otherAda, shared)).toBe('adabyron');
    expect(preferredHandle(grace, shared)).toBe('grace');
  });

  it('names agent profiles, which are not people', () => {
    expect(resolveMentions('@backend-dev please', directory)).toEqual({
      people: [],
      agents: ['backend-dev'],
    });
  });

  it('counts a person mentioned under both handles once', () => {
    expect(resolveMentions('@ada @adalovelace', directory).people).toHaveLength(1);
  });
});
