import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { organizationKeys } from '../../lib/organization';
import { makeTask } from '../../testing/api-fixtures';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { agentKeys } from '../agents/agents';
import { TaskProperties } from './task-properties';
import { taskKeys } from './tasks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const statuses: TaskStatus[] = ['Todo', 'In Progress', 'Review', 'Done'].map((name, position) => ({
  id: `s${position}`,
  projectId: 'p1',
  name,
  category: position === 0 ? 'todo' : position === 3 ? 'done' : 'in_progress',
  color: '#8b8d98',
  position,
}));

/** The task page's properties, reading the task from the cache as the page does. */
function PropertiesOfCachedTask({ reference }: { reference: string }) {
  const { data } = useQuery<Task>({ queryKey: taskKeys.detail(reference), queryFn: skipToken });
  return data ? (
    <TaskProperties task={data} statuses={statuses} projectTasks={[data]} workUnits={[]} />
  ) : null;
}

function renderProperties(task: Task) {
  const queryClient = testQueryClient();
  // The assignee picker's lists, so it asks the server for nothing.
  queryClient.setQueryData(agentKeys.list(), []);
  queryClient.setQueryData(organizationKeys.full('o1'), { members: [] });
  queryClient.setQueryData(taskKeys.detail(task.key), task);
  queryClient.setQueryData(taskKeys.board(task.projectId), [task]);
  renderInDashboard(<PropertiesOfCachedTask reference={task.key} />, { queryClient });
  return queryClient;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('TaskProperties', () => {
  it('assigns a person from the one picker, and shows a refusal with its reason', async () => {
    const task = makeTask({ id: 't1', statusId: 's0', assignee: 'backend-dev' });
    const server = fakeApi({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'assigneeUserId: u2 is not a member of this organization.',
          details: [{ path: ['assigneeUserId'], message: 'is not a member of this organization' }],
        },
      },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(agentKeys.list(), [{ name: 'backend-dev' }]);
    queryClient.setQueryData(organizationKeys.full('o1'), {
      members: [{ userId: 'u2', user: { name: 'Grace Hopper', email: 'grace@example.test', image: null } }],
    });
    queryClient.setQueryData(taskKeys.detail(task.key), task);
    renderInDashboard(<PropertiesOfCachedTask reference={task.key} />, { queryClient });

    const input = await screen.findByRole('combobox', { name: 'Assignee' });
    expect(input).toHaveProperty('value', 'backend-dev');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'grace' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({
      method: 'PATCH',
      body: { assignee: null, assigneeUserId: 'u2', version: 1 },
    });
    await screen.findByText(/not a member of this organization/i);
  });

  it('moves the task only on an explicit choice, not on each arrow key through the statuses', async () => {
    const task = makeTask({ id: 't1', statusId: 's0' });
    const server = fakeApi({ status: 200, body: { ...task, statusId: 's2', version: 2 } });
    renderProperties(task);
    const select = await screen.findByLabelText('Status');
    select.focus();
    for (const value of ['s1', 's2']) {
      fireEvent.keyDown(select, { key: 'ArrowDown' });
      fireEvent.change(select, { target: { value } });
      fireEvent.keyUp(select, { key: 'ArrowDown' });
    }
    await settle();
    expect(select).toHaveProperty('value', 's2');
    expect(server.calls).toEqual([]);

    fireEvent.keyDown(select, { key: 'Enter' });
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({ method: 'POST', body: { statusId: 's2', version: 1 } });
  });

  it('moves at once on a choice made with the pointer', async () => {
    const task = makeTask({ id: 't1', statusId: 's0' });
    const server = fakeApi({ status: 200, body: { ...task, statusId: 's3', version: 2 } });
    renderProperties(task);
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 's3' } });
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).toMatchObject({ statusId: 's3' });
  });

  it('forgets an arrowed-to status when the select is left without choosing', async () => {
    const task = makeTask({ id: 't1', statusId: 's0' });
    const server = fakeApi({ status: 200, body: task });
    renderProperties(task);
    const select = await screen.findByLabelText('Status');
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 's1' } });
    fireEvent.keyUp(select, { key: 'ArrowDown' });
    fireEvent.blur(select);
    await settle();
    expect(select).toHaveProperty('value', 's0');
    expect(server.calls).toEqual([]);
  });
});
