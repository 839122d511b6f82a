import { describe, expect, it } from 'vitest';
import { differsFromView, viewSearchOf } from './saved-views';

describe('saved views', () => {
  it('keep the filters, tab, grouping and sort, never the open view or plan', () => {
    expect(
      viewSearchOf({
        view: 'list',
        priority: 'high',
        sort: 'due',
        dir: 'desc',
        savedView: 'v1',
        plan: 'p1',
        peek: 'SWB-1',
      }),
    ).toEqual({ view: 'list', priority: 'high', sort: 'due', dir: 'desc' });
  });

  it('say when the page shows something else than the view it opened', () => {
    const view = { search: { view: 'list', priority: 'high' } };
    expect(differsFromView(view, { view: 'list', priority: 'high', savedView: 'v1' })).toBe(false);
    expect(differsFromView(view, { view: 'list', priority: 'low', savedView: 'v1' })).toBe(true);
    expect(differsFromView(view, { view: 'list', priority: 'high', label: 'Bug' })).toBe(true);
    expect(differsFromView(view, { view: 'list' })).toBe(true);
  });
});
