import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { makeFinding } from '../../testing/finding-fixtures';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { findingKeys } from './rule-sets';
import { TaskFindings } from './task-findings';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFindings(findings: ReturnType<typeof makeFinding>[], task = makeTask({ id: 't1' })) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(findingKeys.ofTask(task.id), findings);
  // The heading marks the page as rendered, so an absent section is absent and not merely late.
  return renderInDashboard(
    <>
      <h1>Task page</h1>
      <TaskFindings task={task} />
    </>,
    { queryClient },
  );
}

describe('TaskFindings', () => {
  it('shows nothing for a task never reviewed', async () => {
    renderFindings([]);
    await screen.findByRole('heading', { name: 'Task page' });
    expect(screen.queryByRole('heading', { name: 'Architecture review' })).toBeNull();
  });

  it('lists open findings by file and says what gates the task; dismissed ones apart with their reason', async () => {
    renderFindings(
      [
        makeFinding({ id: 'f1', filePath: 'src/routes/users.ts', severity: 'HIGH' }),
        makeFinding({
          id: 'f2',
          filePath: 'src/lib/format.ts',
          severity: 'MEDIUM',
          violation: 'no doc comment',
        }),
        makeFinding({
          id: 'f3',
          filePath: 'src/lib/format.ts',
          severity: 'LOW',
          status: 'dismissed',
          violation: 'long line',
          dismissal: {
            by: { type: 'user', id: 'u1', name: 'Ada' },
            reason: 'generated',
            at: '2026-01-02T00:00:00.000Z',
          },
        }),
      ],
      makeTask({ id: 't1', needsReview: true }),
    );
    await screen.findByRole('heading', { name: 'Architecture review' });
    screen.getByText('Needs review');
    screen.getByText(/1 HIGH finding blocks agents from finishing it/);
    const files = screen.getByRole('list', { name: 'Findings by file' });
    expect(
      within(files)
        .getAllByRole('listitem', { name: /^src\// })
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['src/lib/format.ts', 'src/routes/users.ts']);
    expect(files.textContent).not.toContain('long line');
    expect(screen.getByRole('list', { name: 'Dismissed findings' }).textContent).toContain('Ada');
    expect(screen.getByRole('list', { name: 'Dismissed findings' }).textContent).toContain('generated');
  });

  it('dismisses a finding only with a reason, and shows it dismissed', async () => {
    const open = makeFinding({ id: 'f1', violation: 'imports ../db/client' });
    const server = fakeApi({
      status: 200,
      body: {
        ...open,
        status: 'dismissed',
        dismissal: {
          by: { type: 'user', id: 'u1', name: 'Ada' },
          reason: 'a migration script',
          at: '2026-01-02T00:00:00.000Z',
        },
      },
    });
    renderFindings([open]);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss: imports ../db/client' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss finding?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss finding' }));
    within(dialog).getByText('Say why, so the next reader knows.');
    expect(server.calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  a migration script ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss finding' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Findings by file' })).toBeNull());
    expect(server.calls).toEqual([
      { method: 'POST', path: '/api/v1/findings/f1/dismiss', body: { reason: 'a migration script' } },
    ]);
    screen.getByText('No open findings.');
    expect(screen.getByRole('list', { name: 'Dismissed findings' }).textContent).toContain(
      'a migration script',
    );
  });

  it('keeps the dialog open with the server’s words when the dismissal is refused', async () => {
    const open = makeFinding({ id: 'f1' });
    fakeApi({
      status: 404,
      body: { error: { code: 'FINDING_NOT_FOUND', message: 'Review finding not found.' } },
    });
    renderFindings([open]);
    fireEvent.click(await screen.findByRole('button', { name: `Dismiss: ${open.violation}` }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss finding?' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'stale' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss finding' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/not found/i);
  });
});
