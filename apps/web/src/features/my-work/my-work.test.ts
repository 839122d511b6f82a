import type { MyWorkTask, RealtimeEvent } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import {
  byProject,
  MY_WORK_REFRESH_DELAY_MS,
  myWorkKeys,
  parseMyWorkSearch,
  refreshMyWorkAfter,
  sortMyWork,
  splitMyWork,
} from './my-work';

afterEach(() => {
  vi.useRealTimers();
});

function item(id: string, projectKey: string, reason: MyWorkTask['reason']): MyWorkTask {
  return {
    task: makeTask({ id, key: `${projectKey}-${id}` }),
    project: { id: `p-${projectKey}`, key: projectKey, name: `Project ${projectKey}` },
    status: { id: 's1', name: 'Todo', category: 'todo' },
    reason,
  };
}

describe('my work', () => {
  it('splits the tasks into yours and your agents’, and groups them by project in order', () => {
    const tasks = [item('1', 'ABC', 'assigned'), item('2', 'ABC', 'agent'), item('3', 'XYZ', 'assigned')];
    const { assigned, agents } = splitMyWork(tasks);
    expect(assigned.map((entry) => entry.task.id)).toEqual(['1', '3']);
    expect(agents.map((entry) => entry.task.id)).toEqual(['2']);
    expect(byProject(assigned).map((group) => [group.project.key, group.tasks.length])).toEqual([
      ['ABC', 1],
      ['XYZ', 1],
    ]);
  });

  it('sorts across projects by the soonest due date or the largest estimate, unset ones last', () => {
    const scheduled = (id: string, projectKey: string, dueDate: string | null, estimate: number | null) => {
      const entry = item(id, projectKey, 'assigned');
      return { ...entry, task: { ...entry.task, dueDate, estimate } };
    };
    const tasks = [
      scheduled('1', 'ABC', null, 8),
      scheduled('2', 'ABC', '2026-12-24', null),
      scheduled('3', 'XYZ', '2026-12-03', 2),
      scheduled('4', 'XYZ', null, null),
    ];
    const ids = (sorted: MyWorkTask[]) => sorted.map((entry) => entry.task.id);
    expect(ids(sortMyWork(tasks, 'due'))).toEqual(['3', '2', '1', '4']);
    expect(ids(sortMyWork(tasks, 'estimate'))).toEqual(['1', '3', '2', '4']);
    expect(ids(sortMyWork(tasks, undefined))).toEqual(['1', '2', '3', '4']);
    expect(parseMyWorkSearch({ sort: 'due' })).toEqual({ sort: 'due' });
    expect(parseMyWorkSearch({ sort: 'nonsense' })).toEqual({});
  });

  it('reads the page again once after a burst of task and question events, not after others', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const event = (action: string) => ({ action }) as RealtimeEvent;
    refreshMyWorkAfter(queryClient, event('agent_profile.created'));
    vi.advanceTimersByTime(MY_WORK_REFRESH_DELAY_MS);
    expect(invalidate).not.toHaveBeenCalled();

    refreshMyWorkAfter(queryClient, event('task.updated'));
    refreshMyWorkAfter(queryClient, event('question.asked'));
    vi.advanceTimersByTime(MY_WORK_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: myWorkKeys.all });
  });
});
