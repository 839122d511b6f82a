import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../testing/api-fixtures';
import { deletedProjectQueryOptions } from './deleted-elsewhere';
import { applyProjectChange, projectKeys, suggestProjectKey } from './projects';

describe('suggestProjectKey', () => {
  it('uses initials of several words, or the start of one', () => {
    expect(suggestProjectKey('Switchboard')).toBe('SWI');
    expect(suggestProjectKey('Agent Session Tracker')).toBe('AST');
    expect(suggestProjectKey('my web app v2')).toBe('MWAV');
    expect(suggestProjectKey('Café Olé')).toBe('CO');
  });

  it('always fits the contract: 2–6 capitals', () => {
    for (const name of ['x', 'A', 'q-1', 'Über lange Projektbezeichnung mit vielen Wörtern', '123 Go']) {
      const key = suggestProjectKey(name);
      expect(key, name).toMatch(/^[A-Z]{2,6}$/);
    }
    expect(suggestProjectKey('')).toBe('');
    expect(suggestProjectKey('123 !!')).toBe('');
  });

  it('avoids keys already taken', () => {
    expect(suggestProjectKey('Switchboard', ['SWI'])).toBe('SWIT');
    expect(suggestProjectKey('Agent Session Tracker', ['AST'])).toBe('AGE');
    const taken = ['AA', 'AAA', 'AAB'];
    expect(taken).not.toContain(suggestProjectKey('A', taken));
  });
});

describe('applyProjectChange', () => {
  function cachedProjects() {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(projectKeys.list(), []);
    queryClient.setQueryData(projectKeys.detail('p1'), {});
    queryClient.setQueryData(projectKeys.statuses('p1'), []);
    queryClient.setQueryData(projectKeys.statuses('p2'), []);
    const invalidated = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: projectKeys.all })
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey);
    return { queryClient, invalidated };
  }

  it('tells an open page of a deleted project who deleted it, and reads only the list again', () => {
    const { queryClient, invalidated } = cachedProjects();
    applyProjectChange(
      queryClient,
      makeEvent({ id: '1', action: 'project.deleted', entity: 'project', entityId: 'p1' }),
    );
    expect(queryClient.getQueryData(deletedProjectQueryOptions('p1').queryKey)).toEqual({ by: 'Ada' });
    expect(invalidated()).toEqual([projectKeys.list()]);
  });

  it("reads again the statuses of the event's project only when one of them changes", () => {
    const { queryClient, invalidated } = cachedProjects();
    applyProjectChange(
      queryClient,
      makeEvent({
        id: '2',
        action: 'task_status.updated',
        entity: 'task_status',
        projectId: 'p1',
        data: {
          status: {
            id: 's1',
            projectId: 'p1',
            name: 'Doing',
            category: 'in_progress',
            color: '#3366ff',
            position: 1,
          },
          fields: ['position'],
        },
      }),
    );
    expect(invalidated()).toEqual([projectKeys.statuses('p1')]);
  });

  it('ignores changes that are not about projects', () => {
    const { queryClient, invalidated } = cachedProjects();
    applyProjectChange(queryClient, makeEvent({ id: '3', action: 'task.created' }));
    expect(invalidated()).toEqual([]);
  });
});
