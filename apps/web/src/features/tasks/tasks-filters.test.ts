import { describe, expect, it } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { assigneesOf, hasFilters, matchesFilters, parseBoardSearch } from './tasks-filters';

describe('board search params', () => {
  it('keeps what it understands and drops the rest', () => {
    expect(
      parseBoardSearch({
        assignee: ' backend-dev ',
        priority: 'high',
        workUnit: 'wu1',
        q: 'login',
        view: 'activity',
      }),
    ).toEqual({ assignee: 'backend-dev', priority: 'high', workUnit: 'wu1', q: 'login', view: 'activity' });
    expect(
      parseBoardSearch({ priority: 'urgent', view: 'board', q: '   ', assignee: '', extra: 'x' }),
    ).toEqual({});
    expect(parseBoardSearch({ q: 42, view: 'work-units' })).toEqual({ q: '42', view: 'work-units' });
    expect(parseBoardSearch({ q: { nested: true }, assignee: ['a'] })).toEqual({});
  });

  it('reads the list view: grouping, sort, direction and the label filter, leaving defaults out', () => {
    expect(
      parseBoardSearch({ view: 'list', group: 'workUnit', sort: 'updated', dir: 'desc', label: ' Bug ' }),
    ).toEqual({ view: 'list', group: 'workUnit', sort: 'updated', dir: 'desc', label: 'Bug' });
    expect(parseBoardSearch({ view: 'list', group: 'status', sort: 'size', dir: 'up' })).toEqual({
      view: 'list',
    });
  });

  it('reads the task open in the peek panel, beside any view', () => {
    expect(parseBoardSearch({ view: 'list', peek: ' SWB-12 ' })).toEqual({ view: 'list', peek: 'SWB-12' });
    expect(parseBoardSearch({ peek: '' })).toEqual({});
  });

  it('caps long text', () => {
    expect(parseBoardSearch({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it('knows when anything filters', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ q: 'a' })).toBe(true);
  });
});

describe('matching tasks', () => {
  const task = makeTask({
    id: 't',
    number: 12,
    title: 'Login form',
    description: 'Use the **auth** client',
    assignee: 'Frontend-Dev',
    priority: 'high',
    workUnitId: 'wu1',
  });

  it('matches like the API: assignee case-insensitively, search in key, title and description', () => {
    expect(matchesFilters(task, {})).toBe(true);
    expect(matchesFilters(task, { assignee: 'frontend-dev' })).toBe(true);
    expect(matchesFilters(task, { assignee: 'backend-dev' })).toBe(false);
    expect(matchesFilters(task, { priority: 'high', workUnit: 'wu1' })).toBe(true);
    expect(matchesFilters(task, { priority: 'low' })).toBe(false);
    expect(matchesFilters(task, { workUnit: 'wu2' })).toBe(false);
    expect(matchesFilters(task, { q: 'swb-12' })).toBe(true);
    expect(matchesFilters(task, { q: 'LOGIN' })).toBe(true);
    expect(matchesFilters(task, { q: 'auth' })).toBe(true);
    expect(matchesFilters(task, { q: 'nothing' })).toBe(false);
  });

  it('matches a person by user:<id>, and a person-assigned task is not unassigned', () => {
    const ada = makeTask({ id: 'p', assignee: null, assigneeUser: { id: 'u1', name: 'Ada' } });
    expect(matchesFilters(ada, { assignee: 'user:u1' })).toBe(true);
    expect(matchesFilters(ada, { assignee: 'user:u2' })).toBe(false);
    expect(matchesFilters(ada, { assignee: 'none' })).toBe(false);
    expect(matchesFilters(task, { assignee: 'user:u1' })).toBe(false);
  });

  it('has "none" for unassigned tasks and tasks outside any work unit', () => {
    const loose = makeTask({ id: 'l' });
    expect(matchesFilters(loose, { assignee: 'none' })).toBe(true);
    expect(matchesFilters(task, { assignee: 'none' })).toBe(false);
    expect(matchesFilters(loose, { workUnit: 'none' })).toBe(true);
    expect(matchesFilters(task, { workUnit: 'none' })).toBe(false);
  });

  it('lists assignees once each, sorted', () => {
    const tasks = [
      makeTask({ id: 'a', assignee: 'qa' }),
      makeTask({ id: 'b', assignee: 'Backend' }),
      makeTask({ id: 'c', assignee: 'backend' }),
      makeTask({ id: 'd' }),
    ];
    expect(assigneesOf(tasks)).toEqual(['Backend', 'qa']);
  });
});
