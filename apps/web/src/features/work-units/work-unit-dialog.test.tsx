import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeWorkUnit } from '../../testing/api-fixtures';
import { fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { WorkUnitDialog } from './work-unit-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkUnitDialog', () => {
  it('refuses a target date before the start date without asking the server', async () => {
    const server = fakeApi({ status: 201, body: {} });
    renderInDashboard(<WorkUnitDialog projectId="p1" units={[]} open onClose={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Launch' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2030-02-01' } });
    fireEvent.change(screen.getByLabelText('Target date'), { target: { value: '2030-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create work unit' }));
    await screen.findByText('Must not be before the start date.');
    expect(screen.getByLabelText('Target date').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("says in people's words what deleting a unit does before asking to confirm", async () => {
    const parent = makeWorkUnit({ id: 'wu1', number: 1, title: 'Payments' });
    const unit = makeWorkUnit({ id: 'wu3', number: 3, parentWorkUnitId: 'wu1', title: 'Refunds' });
    fakeApi({
      status: 422,
      body: {
        error: {
          code: 'CONFIRMATION_REQUIRED',
          message: 'Deleting SWB-WU-3 detaches its 2 task(s). Send ?confirm=true to go ahead.',
          details: {
            id: 'wu3',
            slug: 'SWB-WU-3',
            detachedTasks: 2,
            reparentedWorkUnits: 1,
            newParentWorkUnitId: 'wu1',
          },
        },
      },
    });
    renderInDashboard(
      <WorkUnitDialog projectId="p1" unit={unit} units={[parent, unit]} open onClose={vi.fn()} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete…' }));
    const confirm = await screen.findByRole('button', { name: 'Delete SWB-WU-3' });
    const words = confirm.closest('dialog')?.textContent ?? '';
    expect(words).not.toMatch(/confirm=true|\(s\)/);
    expect(words).toContain(
      'Its 2 tasks stay on the board without a work unit, and its 1 child work unit moves up to SWB-WU-1 · Payments.',
    );
  });
});
