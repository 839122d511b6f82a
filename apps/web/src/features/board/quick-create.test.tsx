import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../../testing/api-fixtures';
import { fakeApi, renderInDashboard } from '../../testing/render-in-dashboard';
import { QuickCreate } from './quick-create';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openQuickCreate() {
  renderInDashboard(
    <QuickCreate projectId="p1" statusId="s1" statusName="Todo" defaults={{}} isVisible={() => true} />,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'New task' }));
  return screen.getByLabelText('New task title in Todo');
}

describe('QuickCreate', () => {
  it('creates one task for a double Enter', async () => {
    const server = fakeApi({ status: 201, body: makeTask({ id: 't1', title: 'Ship it' }) });
    server.hold();
    const input = await openQuickCreate();
    fireEvent.change(input, { target: { value: 'Ship it' } });
    const form = input.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await act(async () => server.release());
    await waitFor(() => expect(input).toHaveProperty('value', ''));
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('refuses a title over the limit with a message, keeping every character', async () => {
    const server = fakeApi();
    const input = await openQuickCreate();
    const long = 'x'.repeat(301);
    fireEvent.change(input, { target: { value: long } });
    expect(screen.queryByText('301 / 300')).not.toBeNull();
    const form = input.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.queryByText(/A title has at most 300 characters; this one has 301/)).not.toBeNull(),
    );
    expect(input).toHaveProperty('value', long);
    expect(server.calls).toHaveLength(0);
  });
});
