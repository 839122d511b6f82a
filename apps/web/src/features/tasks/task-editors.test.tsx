import type { Task } from '@switchboard/api-client/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { AcceptanceCriteria, TaskTitle } from './task-editors';
import { taskKeys } from './tasks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The task as the page shows it: read from the cache, so optimistic changes show. */
function CriteriaOfCachedTask({ reference }: { reference: string }) {
  const { data } = useQuery<Task>({ queryKey: taskKeys.detail(reference), queryFn: skipToken });
  return data ? <AcceptanceCriteria task={data} /> : null;
}

/** Enter in a field submits through the form's default button, and not at all when it is disabled. */
function pressEnter(input: HTMLElement) {
  const button = input.closest('form')?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button && !button.disabled) fireEvent.click(button);
}

describe('AcceptanceCriteria', () => {
  it('keeps every criterion typed quickly while the first is still saving', async () => {
    const task = makeTask({ id: 't1' });
    const criterion = (text: string) => ({ text, checked: false });
    const server = fakeApi(
      { status: 200, body: { ...task, version: 2, acceptanceCriteria: [criterion('First')] } },
      {
        status: 200,
        body: { ...task, version: 3, acceptanceCriteria: [criterion('First'), criterion('Second')] },
      },
    );
    server.hold();
    const queryClient = testQueryClient();
    queryClient.setQueryData(taskKeys.detail(task.key), task);
    renderInDashboard(<CriteriaOfCachedTask reference={task.key} />, { queryClient });

    const input = await screen.findByLabelText('New acceptance criterion');
    fireEvent.change(input, { target: { value: 'First' } });
    pressEnter(input);
    expect(input).toHaveProperty('value', '');
    fireEvent.change(input, { target: { value: 'Second' } });
    pressEnter(input);
    expect(input).toHaveProperty('value', '');

    await act(async () => server.release());
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls.map((call) => call.body)).toEqual([
      { version: 1, acceptanceCriteria: [criterion('First')] },
      { version: 2, acceptanceCriteria: [criterion('First'), criterion('Second')] },
    ]);
    const list = screen.getByRole('list');
    await waitFor(() => expect(within(list).getAllByRole('checkbox')).toHaveLength(2));
    expect(list.textContent).toBe('FirstSecond');
  });
});

/** The title as the task page shows it, from the cache. */
function TitleOfCachedTask({ reference }: { reference: string }) {
  const { data } = useQuery<Task>({ queryKey: taskKeys.detail(reference), queryFn: skipToken });
  return data ? <TaskTitle task={data} /> : null;
}

describe('TaskTitle', () => {
  it('keeps a refused title in the field, with the reason, when the page reads the task again', async () => {
    const task = makeTask({ id: 't1', title: 'Wire the board' });
    fakeApi({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'title: is not allowed',
          details: [{ path: ['title'], message: 'is not allowed' }],
        },
      },
    });
    const queryClient = testQueryClient();
    queryClient.setQueryData(taskKeys.detail(task.key), task);
    renderInDashboard(<TitleOfCachedTask reference={task.key} />, { queryClient });
    const input = await screen.findByLabelText('Title');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Wire the live board' } });
    fireEvent.blur(input);
    await screen.findByText(/not allowed/i);
    await act(async () => {
      queryClient.setQueryData(taskKeys.detail(task.key), { ...task });
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(input).toHaveProperty('value', 'Wire the live board');
  });
});
