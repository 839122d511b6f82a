import type { TaskStatus } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { findStatus } from './projects';

const status = (
  id: string,
  name: string,
  category: TaskStatus['category'],
  position: number,
): TaskStatus => ({
  id,
  projectId: 'p',
  name,
  category,
  color: '#8b8d98',
  position,
});
const statuses = [
  status('s1', 'Todo', 'todo', 0),
  status('s2', 'In Progress', 'in_progress', 1),
  status('s3', 'Review', 'review', 2),
  status('s4', 'Done', 'done', 3),
];

describe('findStatus', () => {
  it('takes an id, a name in any case or spacing, or a category', () => {
    expect(findStatus(statuses, 's3')?.name).toBe('Review');
    expect(findStatus(statuses, 'in progress')?.id).toBe('s2');
    expect(findStatus(statuses, 'IN-PROGRESS')?.id).toBe('s2');
    expect(findStatus(statuses, 'in_progress')?.id).toBe('s2');
    expect(findStatus(statuses, 'done')?.id).toBe('s4');
    expect(findStatus(statuses, 'nowhere')).toBeUndefined();
  });

  it('does not guess a category that two statuses share', () => {
    const two = [...statuses, status('s5', 'Shipped', 'done', 4)];
    expect(findStatus(two, 'done')?.id).toBe('s4');
    expect(
      findStatus(
        two.filter((item) => item.id !== 's4'),
        'finished',
      ),
    ).toBeUndefined();
    expect(
      findStatus([status('a', 'Blocked', 'todo', 0), status('b', 'Backlog', 'todo', 1)], 'todo'),
    ).toBeUndefined();
  });
});
