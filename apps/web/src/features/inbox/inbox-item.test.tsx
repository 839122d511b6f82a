import type { Notification } from '@switchboard/api-client/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { InboxItem } from './inbox-item';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NOW = new Date('2026-03-01T12:00:00Z');

function entry(overrides: Partial<Notification>): Notification {
  return {
    id: 'n1',
    kind: 'mentioned',
    actor: { type: 'user', name: 'Olive Owner' },
    title: 'Olive Owner mentioned you',
    summary: 'have a look',
    projectId: 'p1',
    taskId: null,
    taskKey: null,
    questionId: null,
    questionOpen: false,
    commentId: null,
    planId: null,
    readAt: null,
    createdAt: '2026-03-01T11:00:00Z',
    ...overrides,
  };
}

const render = (notification: Notification) =>
  renderInDashboard(
    <ol>
      <InboxItem entry={notification} now={NOW} />
    </ol>,
  );

describe('InboxItem', () => {
  it('links a mention in a plan’s conversation to that plan in the project’s plan view', async () => {
    render(entry({ planId: 'plan-7', title: 'Olive Owner mentioned you on the plan "Checkout"' }));
    const link = await screen.findByRole('link', { name: /mentioned you on the plan/ });
    expect(link.getAttribute('href')).toBe('/dashboard/projects/p1?view=plan&plan=plan-7');
  });

  it('links a task’s entry to the task page', async () => {
    render(entry({ taskId: 't1', taskKey: 'SWB-3', commentId: 'c1' }));
    const link = await screen.findByRole('link', { name: 'Olive Owner mentioned you' });
    expect(link.getAttribute('href')).toBe('/dashboard/projects/p1/tasks/SWB-3');
  });

  it('shows an entry without a plan or a task as plain text', async () => {
    render(entry({ projectId: null }));
    await screen.findByText('Olive Owner mentioned you');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('marks an unread entry read when its plan is opened', async () => {
    const api = fakeApi({ status: 200, body: entry({ planId: 'plan-7', readAt: NOW.toISOString() }) });
    render(entry({ planId: 'plan-7' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Olive Owner mentioned you' }));
    await waitFor(() =>
      expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(
        'POST /api/v1/notifications/n1/read',
      ),
    );
  });
});
