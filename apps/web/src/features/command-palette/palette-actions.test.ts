import { describe, expect, it } from 'vitest';
import { actionsFirst, filterActions, matchesQuery, paletteActions } from './palette-actions';

const ids = (actions: { id: string }[]) => actions.map((action) => action.id);

describe('paletteActions', () => {
  it('offers no task actions but Create task when nothing is targeted', () => {
    const actions = paletteActions({ targetCount: 0, labelsAvailable: true, theme: 'dark' });
    expect(ids(actions)).toEqual([
      'create-task',
      'switch-organization',
      'go-home',
      'go-projects',
      'go-my-work',
      'go-inbox',
      'go-settings',
      'toggle-theme',
    ]);
  });

  it('offers Move, Assign and, when labels exist, Add label for targeted tasks, each opening its page', () => {
    const withLabels = paletteActions({ targetCount: 1, labelsAvailable: true, theme: 'dark' });
    expect(ids(withLabels).slice(0, 4)).toEqual(['create-task', 'move', 'assign', 'label']);
    expect(withLabels.find((action) => action.id === 'move')).toMatchObject({
      label: 'Move to…',
      opens: 'move',
      keys: 's',
    });
    const withoutLabels = paletteActions({ targetCount: 1, labelsAvailable: false, theme: 'dark' });
    expect(ids(withoutLabels)).not.toContain('label');
  });

  it('says how many tasks an action applies to when there are several', () => {
    const actions = paletteActions({ targetCount: 3, labelsAvailable: false, theme: 'light' });
    expect(actions.find((action) => action.id === 'assign')?.label).toBe('Assign to… (3 tasks)');
  });

  it('names the theme it switches to', () => {
    const label = (theme: 'light' | 'dark') =>
      paletteActions({ targetCount: 0, labelsAvailable: false, theme }).find(
        (action) => action.id === 'toggle-theme',
      )?.label;
    expect(label('dark')).toBe('Switch to light theme');
    expect(label('light')).toBe('Switch to dark theme');
  });
});

describe('matchesQuery', () => {
  it('needs every typed word to begin some word of the label or keywords', () => {
    expect(matchesQuery('Move to…', ['status'], 'mo to')).toBe(true);
    expect(matchesQuery('Move to…', ['status'], 'stat')).toBe(true);
    expect(matchesQuery('Move to…', ['status'], 'ove')).toBe(false);
    expect(matchesQuery('Move to…', ['status'], 'move done')).toBe(false);
    expect(matchesQuery('Anything', [], '   ')).toBe(true);
  });
});

describe('filterActions', () => {
  it('keeps the matching actions in order', () => {
    const actions = paletteActions({ targetCount: 1, labelsAvailable: false, theme: 'dark' });
    expect(ids(filterActions(actions, 'go'))).toEqual([
      'go-home',
      'go-projects',
      'go-my-work',
      'go-inbox',
      'go-settings',
    ]);
    expect(ids(filterActions(actions, 'theme'))).toEqual(['toggle-theme']);
    expect(filterActions(actions, 'SWB-12')).toEqual([]);
  });
});

describe('actionsFirst', () => {
  it('puts actions first when the words name one, search results when they do not', () => {
    const actions = paletteActions({ targetCount: 1, labelsAvailable: false, theme: 'dark' });
    expect(actionsFirst('move', filterActions(actions, 'move').length)).toBe(true);
    expect(actionsFirst('SWB-12', filterActions(actions, 'SWB-12').length)).toBe(false);
    expect(actionsFirst('', actions.length)).toBe(true);
  });
});
