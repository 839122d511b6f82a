import type { Project } from '@switchboard/api-client/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ruleSetKeys } from '../../lib/rule-sets';
import { templateKeys } from '../../lib/templates';
import { makeRuleSetSummary } from '../../testing/finding-fixtures';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { ProjectFormDialog } from '../projects/project-form-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const project: Project = {
  id: 'p1',
  organizationId: 'o1',
  key: 'SWB',
  name: 'Switchboard',
  description: '',
  ruleSet: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderEdit(current: Project) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ruleSetKeys.list(), [
    makeRuleSetSummary({ name: 'backend' }),
    makeRuleSetSummary({ name: 'web' }),
  ]);
  // The dialog's template field reads the templates too; none here, so the only call is the save.
  queryClient.setQueryData(templateKeys.list(), []);
  renderInDashboard(<ProjectFormDialog open project={current} onClose={vi.fn()} />, { queryClient });
}

describe('the project edit dialog’s rule set', () => {
  it('offers the organisation’s rule sets and sends the one chosen', async () => {
    const server = fakeApi({ status: 200, body: { ...project, ruleSet: 'web', version: 4 } });
    renderEdit(project);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
    const select = within(dialog).getByLabelText('Rule set') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', 'backend', 'web']);
    fireEvent.change(select, { target: { value: 'web' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/v1/projects/p1',
      body: { version: 3, ruleSet: 'web' },
    });
  });

  it('leaves the rule set alone when only the name changes, and clears it with None', async () => {
    const server = fakeApi({ status: 200, body: project });
    renderEdit({ ...project, ruleSet: 'backend' });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Switchboard 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).not.toHaveProperty('ruleSet');
    cleanup();

    renderEdit({ ...project, ruleSet: 'backend' });
    const again = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
    fireEvent.change(within(again).getByLabelText('Rule set'), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]?.body).toMatchObject({ ruleSet: null });
  });
});
