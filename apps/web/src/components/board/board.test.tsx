import type { TaskStatus } from '@switchboard/api-client/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { renderInDashboard } from '../../testing/render-in-dashboard';
import { Board } from './board';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOARD_STATUSES: TaskStatus[] = ['Todo', 'In Progress', 'Review', 'Done'].map((name, position) => ({
  id: `s${position}`,
  projectId: 'p1',
  name,
  category: position === 0 ? 'todo' : position === 3 ? 'done' : 'in_progress',
  position,
}));

describe('Board', () => {
  it('counts the cards of each column in words that agree with the number', async () => {
    const tasks = [
      makeTask({ id: 't1', number: 1, statusId: 's0' }),
      makeTask({ id: 't2', number: 2, statusId: 's1' }),
      makeTask({ id: 't3', number: 3, statusId: 's1' }),
    ];
    renderInDashboard(
      <Board projectId="p1" statuses={BOARD_STATUSES} tasks={tasks} workUnits={[]} filters={{}} />,
    );
    const header = async (name: string) =>
      (await screen.findByRole('region', { name })).querySelector('header')?.textContent;
    expect(await header('Todo')).toBe('Todo1 task');
    expect(await header('In Progress')).toBe('In Progress2 tasks');
    expect(await header('Done')).toBe('Done0 tasks');
    expect(within(await screen.findByRole('region', { name: 'Todo' })).getAllByRole('link')).toHaveLength(1);
  });
});
