import type { SearchResult } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { closeness, groupSearchResults, resultItem, resultsAnnouncement } from './search-groups';

const task = (key: string, title: string): SearchResult => ({
  kind: 'task',
  id: `t-${key}`,
  key,
  title,
  projectId: 'p1',
});
const project: SearchResult = { kind: 'project', id: 'p1', key: 'SWB', name: 'Switchboard' };
const agent: SearchResult = { kind: 'agent', id: 'a1', name: 'backend-dev', description: 'Builds the API' };
const person: SearchResult = { kind: 'person', id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' };
const unit: SearchResult = {
  kind: 'workUnit',
  id: 'w1',
  slug: 'SWB-WU-3',
  title: 'Backend rewrite',
  projectId: 'p1',
};

describe('groupSearchResults', () => {
  it('keeps tasks first when no group has a closer match, and the server order inside each group', () => {
    const groups = groupSearchResults(
      [agent, task('SWB-2', 'Fix backend'), task('SWB-1', 'More backend'), unit],
      'zz',
    );
    expect(groups.map((group) => group.heading)).toEqual(['Tasks', 'Work units', 'Agents']);
    expect(groups[0]?.items.map((item) => item.detail)).toEqual(['SWB-2', 'SWB-1']);
  });

  it('puts the group with an exact name first, then one with a name starting with the query', () => {
    const exact = groupSearchResults(
      [task('SWB-1', 'Wire the backend-dev agent'), agent, unit],
      'backend-dev',
    );
    expect(exact.map((group) => group.kind)).toEqual(['agent', 'task', 'workUnit']);
    const prefix = groupSearchResults([task('SWB-1', 'Fix the backend'), unit, agent], 'backend');
    expect(prefix.map((group) => group.kind)).toEqual(['workUnit', 'agent', 'task']);
  });

  it('a project key brings Projects to the top', () => {
    const groups = groupSearchResults([task('SWB-1', 'Anything'), project], 'swb');
    expect(groups.map((group) => group.kind)).toEqual(['project', 'task']);
  });

  it('answers no groups for no results', () => {
    expect(groupSearchResults([], 'x')).toEqual([]);
  });
});

describe('resultItem', () => {
  it('leads each kind to its page', () => {
    expect(resultItem(task('SWB-12', 'Login')).destination).toEqual({
      page: 'task',
      projectId: 'p1',
      taskKey: 'SWB-12',
    });
    expect(resultItem(project).destination).toEqual({ page: 'project', projectId: 'p1' });
    expect(resultItem(unit).destination).toEqual({ page: 'work-unit', projectId: 'p1', workUnitId: 'w1' });
    expect(resultItem(person)).toMatchObject({
      label: 'Ada Lovelace',
      detail: 'ada@example.com',
      destination: { page: 'members' },
    });
    expect(resultItem(agent).destination).toEqual({ page: 'agents' });
  });

  it('gives every item a distinct value, even for the same id of two kinds', () => {
    const values = [project, { ...agent, id: 'p1' } as SearchResult].map(
      (result) => resultItem(result).value,
    );
    expect(new Set(values).size).toBe(2);
  });
});

describe('closeness', () => {
  it('is 0 for the same name or key in any case, 1 for a prefix, 2 otherwise', () => {
    expect(closeness(task('SWB-12', 'Login'), 'swb-12')).toBe(0);
    expect(closeness(task('SWB-12', 'Login page'), 'LOG')).toBe(1);
    expect(closeness(task('SWB-12', 'The login page'), 'login')).toBe(2);
  });
});

describe('resultsAnnouncement', () => {
  it('says how many options there are, or that the search is running', () => {
    expect(resultsAnnouncement(0, false)).toBe('No results');
    expect(resultsAnnouncement(1, false)).toBe('1 result');
    expect(resultsAnnouncement(7, false)).toBe('7 results');
    expect(resultsAnnouncement(3, true)).toBe('Searching…');
  });
});
