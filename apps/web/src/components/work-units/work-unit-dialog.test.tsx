import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(await screen.findByText('Must not be before the start date.')).toBeTruthy();
    expect(screen.getByLabelText('Target date').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
