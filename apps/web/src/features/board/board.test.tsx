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
  color: '#8b8d98',
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

  it('renders only the cards around the view of a long column, while counting all of them', async () => {
    const tasks = Array.from({ length: 300 }, (_, index) =>
      makeTask({ id: `t${index}`, number: index + 1, statusId: 's0', position: index + 1 }),
    );
    renderInDashboard(
      <Board projectId="p1" statuses={BOARD_STATUSES} tasks={tasks} workUnits={[]} filters={{}} />,
    );
    const todo = await screen.findByRole('region', { name: 'Todo' });
    expect(todo.querySelector('header')?.textContent).toBe('Todo300 tasks');
    const rendered = within(todo).getAllByRole('link').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(30);
  });
});
