import type { Project, TemplateSummary } from '@switchboard/api-client/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ruleSetKeys } from '../../lib/rule-sets';
import { templateKeys } from '../../lib/templates';
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
  template: null,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function summary(name: string): TemplateSummary {
  return {
    id: `t-${name}`,
    name,
    version: 1,
    updatedBy: 'Ada',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    boilerplates: [],
    features: [],
    fileCount: 0,
    projects: [],
  };
}

function renderEdit(current: Project) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ruleSetKeys.list(), []);
  queryClient.setQueryData(templateKeys.list(), [summary('backend'), summary('web')]);
  renderInDashboard(<ProjectFormDialog open project={current} onClose={vi.fn()} />, { queryClient });
}

describe('the project edit dialog’s template', () => {
  it('offers the organization’s templates and sends the one chosen, and only when it changed', async () => {
    const server = fakeApi({ status: 200, body: { ...project, template: 'web', version: 4 } });
    renderEdit(project);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
    const select = within(dialog).getByLabelText('Template') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', 'backend', 'web']);
    fireEvent.change(select, { target: { value: 'web' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/api/v1/projects/p1',
      body: { version: 3, template: 'web' },
    });
    cleanup();

    renderEdit({ ...project, template: 'backend' });
    const again = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
    fireEvent.change(within(again).getByLabelText('Name'), { target: { value: 'Switchboard 2' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]?.body).not.toHaveProperty('template');
  });
});
