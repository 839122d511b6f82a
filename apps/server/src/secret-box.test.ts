import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('the secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = createSecretBox(SECRET, 'github');
    const sealed = box.seal('github_pat_123');
    expect(sealed).not.toContain('github_pat_123');
    expect(box.seal('github_pat_123')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('github_pat_123');
  });

  it('cannot be opened with another secret or purpose, nor after tampering', () => {
    const sealed = createSecretBox(SECRET, 'github').seal('token');
    expect(createSecretBox(`${SECRET}!`, 'github').open(sealed)).toBeUndefined();
    expect(createSecretBox(SECRET, 'other').open(sealed)).toBeUndefined();
    const parts = sealed.split('.');
    const flipped = `${parts[3]?.[0] === 'A' ? 'B' : 'A'}${parts[3]?.slice(1)}`;
    expect(createSecretBox(SECRET, 'github').open([...parts.slice(0, 3), flipped].join('.'))).toBeUndefined();
    expect(createSecretBox(SECRET, 'github').open('plain text')).toBeUndefined();
  });
});
