import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { parseWorktreeList } from './git-worktrees';
import { finishedBecause, pullRequestCell, pullRequestsOf } from './worktree-tasks';

const status = (category: TaskStatus['category'], name: string) => ({ category, name }) as TaskStatus;

describe('pull requests of a task', () => {
  it('are read when the server sends them, and shown as number and state', () => {
    const task = {
      development: {
        pullRequests: [
          { number: 12, state: 'merged', url: 'https://github.com/o/r/pull/12' },
          { number: 'x', state: 'open' },
          { number: 15, state: 'open' },
        ],
      },
    } as unknown as Task;
    const requests = pullRequestsOf(task);
    expect(requests.map((request) => request.number)).toEqual([12, 15]);
    expect(pullRequestCell(requests)).toBe('#12 merged, #15 open');
  });

  it('are none (an em dash) when the server says nothing of them', () => {
    expect(pullRequestsOf({} as Task)).toEqual([]);
    expect(pullRequestsOf(null)).toEqual([]);
    expect(pullRequestCell([])).toBe('—');
  });
});

describe('finishedBecause', () => {
  it('is a merged pull request, or a done task', () => {
    expect(
      finishedBecause({ pullRequests: [{ number: 3, state: 'merged' }], status: status('review', 'Review') }),
    ).toBe('pull request #3 merged');
    expect(finishedBecause({ pullRequests: [], status: status('done', 'Shipped') })).toBe('task is Shipped');
  });

  it('is nothing while the work goes on', () => {
    expect(
      finishedBecause({ pullRequests: [{ number: 3, state: 'open' }], status: status('review', 'Review') }),
    ).toBeUndefined();
    expect(finishedBecause({ pullRequests: [], status: null })).toBeUndefined();
  });
});

describe('parseWorktreeList', () => {
  it('reads git worktree list --porcelain, the main tree first', () => {
    const output = [
      'worktree /code/shop',
      'HEAD 1111111111111111111111111111111111111111',
      'branch refs/heads/main',
      '',
      'worktree /code/shop-worktrees/swb-1-a',
      'HEAD 2222222222222222222222222222222222222222',
      'branch refs/heads/swb-1-a',
      '',
      'worktree /code/shop-worktrees/detached',
      'HEAD 3333333333333333333333333333333333333333',
      'detached',
      '',
    ].join('\n');
    expect(parseWorktreeList(output)).toEqual([
      { path: '/code/shop', branch: 'main', head: '1111111111111111111111111111111111111111', main: true },
      {
        path: '/code/shop-worktrees/swb-1-a',
        branch: 'swb-1-a',
        head: '2222222222222222222222222222222222222222',
        main: false,
      },
      {
        path: '/code/shop-worktrees/detached',
        branch: null,
        head: '3333333333333333333333333333333333333333',
        main: false,
      },
    ]);
  });
});
