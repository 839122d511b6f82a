import { API_BASE_PATH, endpoints, fillPath } from '@switchboard/api-client';
import type { Project } from '@switchboard/api-client/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ruleSetKeys } from '../features/architecture/rule-sets';
import { ProjectFormDialog } from '../features/projects/project-form-dialog';
import { templateKeys } from '../features/templates/templates';
import { fakeApi, renderInDashboard, testQueryClient } from './render-in-dashboard';

/** A field of the project edit dialog that names something of the organization: a rule set or a template. */
export interface ProjectReferenceField {
  /** The project's field it sets. */
  field: 'ruleSet' | 'template';
  /** The field's label in the dialog: `Rule set`. */
  label: string;
  /** What it is called in test names: `rule set`. */
  noun: string;
  /** The organization's list of them, as its query caches it, with one entry for each name. */
  summaries(names: string[]): unknown[];
  /** Where that list is cached. */
  listKey: readonly unknown[];
}

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

/**
 * The same tests for each such field: it offers the organization's names and sends the one chosen, sends
 * nothing of it when only the name changed, and clears it with None.
 */
export function testProjectReferenceField(reference: ProjectReferenceField): void {
  const { field, label, noun } = reference;

  function renderEdit(current: Project) {
    const queryClient = testQueryClient();
    // The dialog reads both lists; the other one is empty, so the only call a test sees is the save.
    queryClient.setQueryData(ruleSetKeys.list(), []);
    queryClient.setQueryData(templateKeys.list(), []);
    queryClient.setQueryData(reference.listKey, reference.summaries(['backend', 'web']));
    renderInDashboard(<ProjectFormDialog open project={current} onClose={vi.fn()} />, { queryClient });
  }

  describe(`the project edit dialog’s ${noun}`, () => {
    afterEach(() => {
      cleanup();
      vi.unstubAllGlobals();
    });

    it(`offers the organization’s ${noun}s and sends the one chosen`, async () => {
      const server = fakeApi({ status: 200, body: { ...project, [field]: 'web', version: 4 } });
      renderEdit(project);
      const dialog = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
      const select = within(dialog).getByLabelText(label) as HTMLSelectElement;
      expect([...select.options].map((option) => option.value)).toEqual(['', 'backend', 'web']);
      fireEvent.change(select, { target: { value: 'web' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.calls).toHaveLength(1));
      expect(server.calls[0]).toMatchObject({
        method: 'PATCH',
        path: `${API_BASE_PATH}${fillPath(endpoints.projects.update.path, { projectId: 'p1' })}`,
        body: { version: 3, [field]: 'web' },
      });
    });

    it(`leaves the ${noun} alone when only the name changes, and clears it with None`, async () => {
      const server = fakeApi({ status: 200, body: project });
      renderEdit({ ...project, [field]: 'backend' });
      const dialog = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
      fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Switchboard 2' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.calls).toHaveLength(1));
      expect(server.calls[0]?.body).not.toHaveProperty(field);
      cleanup();

      renderEdit({ ...project, [field]: 'backend' });
      const again = await screen.findByRole('dialog', { name: 'Edit Switchboard' });
      fireEvent.change(within(again).getByLabelText(label), { target: { value: '' } });
      fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.calls).toHaveLength(2));
      expect(server.calls[1]?.body).toMatchObject({ [field]: null });
    });
  });
}
