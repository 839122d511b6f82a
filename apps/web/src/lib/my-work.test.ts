import type { MyWorkTask, RealtimeEvent } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../testing/api-fixtures';
import { byProject, MY_WORK_REFRESH_DELAY_MS, myWorkKeys, refreshMyWorkAfter, splitMyWork } from './my-work';

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
