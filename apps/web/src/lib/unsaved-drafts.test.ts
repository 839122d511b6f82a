import { describe, expect, it } from 'vitest';
import { hasUnsavedDrafts, holdUnsavedDraft } from './unsaved-drafts';

describe('unsaved drafts', () => {
  it('are held until every holder lets go, each only once', () => {
    expect(hasUnsavedDrafts()).toBe(false);
    const first = holdUnsavedDraft('comment:t1');
    const second = holdUnsavedDraft('comment:t1');
    first();
    first();
    expect(hasUnsavedDrafts()).toBe(true);
    second();
    expect(hasUnsavedDrafts()).toBe(false);
  });
});
