import { describe, expect, it } from 'vitest';
import { activeMentionQuery, insertMention, mentionCandidates } from './mention-autocomplete';

const directory = {
  people: [
    { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' },
  ],
  agents: [{ name: 'backend-dev' }],
};

describe('mention autocomplete', () => {
  it('finds the @partial just before the caret, not in an e-mail address', () => {
    expect(activeMentionQuery('hi @gr', 6)).toEqual({ start: 3, query: 'gr' });
    expect(activeMentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMentionQuery('mail ada@ex', 11)).toBeUndefined();
    expect(activeMentionQuery('hi @gr and more', 15)).toBeUndefined();
  });

  it('offers people by handle, first or last name, then agents', () => {
    expect(mentionCandidates(directory, 'l').map((candidate) => candidate.handle)).toEqual(['ada']);
    expect(mentionCandidates(directory, '').map((candidate) => candidate.handle)).toEqual([
      'ada',
      'grace',
      'backend-dev',
    ]);
    expect(mentionCandidates(directory, 'back')).toEqual([
      { key: 'agent:backend-dev', handle: 'backend-dev', label: 'backend-dev', kind: 'agent' },
    ]);
  });

  it('replaces what was typed with the handle and a space', () => {
    expect(insertMention('hi @gr!', { start: 3, query: 'gr' }, 'grace')).toEqual({
      text: 'hi @grace !',
      caret: 10,
    });
  });
});
