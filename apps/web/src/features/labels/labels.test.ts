import type { Task } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeTask } from '../../testing/api-fixtures';
import { applyChange } from '../realtime/realtime';
import { taskKeys } from '../tasks/tasks';
import { isNewLabelName, searchLabels, toggledLabelIds, withKnownLabels } from './labels';

const bug = { id: 'l1', name: 'Bug', color: '#e5484d' };
const ui = { id: 'l2', name: 'UI', color: '#0090ff' };
const label = (fields: typeof bug) => ({
  ...fields,
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function client() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

describe('label helpers', () => {
  it('search any case, offer to create only a new name without commas', () => {
    expect(searchLabels([ui, bug], 'u').map((item) => item.name)).toEqual(['Bug', 'UI']);
    expect(isNewLabelName([bug], 'bug')).toBe(false);
    expect(isNewLabelName([bug], ' Design ')).toBe(true);
    expect(isNewLabelName([bug], 'a,b')).toBe(false);
    expect(isNewLabelName([bug], '  ')).toBe(false);
  });

  it('toggles an id in and out of a task’s set', () => {
    expect(toggledLabelIds({ labels: [bug] }, 'l2')).toEqual(['l1', 'l2']);
    expect(toggledLabelIds({ labels: [bug, ui] }, 'l1')).toEqual(['l2']);
  });

  it('keeps the cached labels when an event’s task does not carry any', () => {
    const cached = makeTask({ id: 't1', labels: [bug] });
    expect(withKnownLabels(makeTask({ id: 't1' }), cached).labels).toEqual([bug]);
    expect(withKnownLabels(makeTask({ id: 't1', labels: [] }), cached).labels).toEqual([]);
  });
});

describe('label events in the cache', () => {
  it('a move keeps the card’s chips; a rename and a deletion reach every cached task', () => {
    const queryClient = client();
    const task = makeTask({ id: 't1', version: 1, labels: [bug, ui] });
    queryClient.setQueryData(taskKeys.board('p1'), [task]);
    queryClient.setQueryData(taskKeys.detail('SWB-1'), task);
    const { labels: _none, ...moved } = { ...task, statusId: 'done', version: 2 };
    applyChange(
      queryClient,
      makeEvent({ id: '5', action: 'task.moved', entityId: 't1', data: { version: 2, task: moved } }),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.labels).toEqual([bug, ui]);

    applyChange(
      queryClient,
      makeEvent({
        id: '6',
        action: 'label.updated',
        projectId: null,
        entityId: 'l1',
        data: { version: 2, label: label({ ...bug, name: 'Zebra' }), fields: ['name'] },
      }),
    );
    expect(
      queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.labels?.map((item) => item.name),
    ).toEqual(['UI', 'Zebra']);
    expect(
      queryClient.getQueryData<Task>(taskKeys.detail('SWB-1'))?.labels?.map((item) => item.name),
    ).toEqual(['UI', 'Zebra']);

    applyChange(
      queryClient,
      makeEvent({
        id: '7',
        action: 'label.deleted',
        projectId: null,
        entityId: 'l2',
        data: { label: label(ui), tasks: 1 },
      }),
    );
    expect(
      queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.labels?.map((item) => item.name),
    ).toEqual(['Zebra']);
  });
});
