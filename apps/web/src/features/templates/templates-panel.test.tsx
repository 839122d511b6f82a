import type { Template, TemplateSummary } from '@switchboard/api-client/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { templateKeys } from './templates';
import { TemplatesPanel } from './templates-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const times = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

const backend: Template = {
  id: 't1',
  name: 'backend',
  scaffoldYaml: 'features: []\n',
  files: { 'src/services/Example.ts.liquid': 'export class {{ serviceName }} {}\n' },
  version: 2,
  updatedBy: 'Ada',
  ...times,
};

const summary: TemplateSummary = {
  id: 't1',
  name: 'backend',
  version: 2,
  updatedBy: 'Ada',
  ...times,
  boilerplates: [],
  features: [
    {
      name: 'scaffold-service',
      kind: 'feature',
      description: 'A service class',
      targetFolder: null,
      variablesSchema: {
        type: 'object',
        properties: { serviceName: { type: 'string' } },
        required: ['serviceName'],
      },
      patterns: [],
    },
  ],
  fileCount: 1,
  projects: [],
};

function renderPanel(canManage: boolean, selectedMethod?: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(templateKeys.list(), [summary]);
  queryClient.setQueryData(templateKeys.detail('backend'), backend);
  renderInDashboard(
    <TemplatesPanel
      canManage={canManage}
      selected="backend"
      selectedMethod={selectedMethod}
      onSelect={vi.fn()}
    />,
    { queryClient },
  );
}

describe('the templates panel', () => {
  it('lets a member read a template and its methods, without upload or delete', async () => {
    renderPanel(false);
    expect((await screen.findByRole('note')).textContent).toContain(
      'Only owners and admins upload and delete templates',
    );
    expect(screen.queryByRole('button', { name: 'Upload templates' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete backend' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Features' })).getByRole('link').textContent).toContain(
      'scaffold-service',
    );
    expect(
      within(screen.getByRole('list', { name: 'Template files' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('offers upload and delete to owners and admins, and asks before deleting', async () => {
    const server = fakeApi({ status: 200, body: { deleted: { name: 'backend', projects: [] } } });
    renderPanel(true);
    await screen.findByRole('button', { name: 'Upload templates' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete backend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete backend?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete template' }));
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    // The first call is the delete; the list is read again after it.
    expect(server.calls[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/templates/backend' });
  });

  it("shows a method's required variable, and the server's refusal at its field once it was touched", async () => {
    const refusal = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The variables do not match the schema.',
          details: [{ field: 'serviceName', message: '"serviceName" is required.' }],
        },
      },
    };
    const server = fakeApi(refusal);
    renderPanel(false, 'scaffold-service');
    const field = await screen.findByLabelText('serviceName *');
    // Before any typing the form is unfilled, not wrong: no error, a word on what to fill in.
    await screen.findByText('Fill in serviceName to see the files it writes.');
    expect(server.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/templates/backend/preview',
      body: { method: 'scaffold-service', variables: {} },
    });
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('"serviceName" is required.')).toBeNull();

    // Typed and emptied again: now the refusal is shown at the field.
    fireEvent.change(field, { target: { value: 'billing' } });
    fireEvent.change(field, { target: { value: '' } });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    screen.getByText('"serviceName" is required.');
  });

  it('shows an untouched field its error after it is left', async () => {
    fakeApi({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The variables do not match the schema.',
          details: [{ field: 'serviceName', message: '"serviceName" is required.' }],
        },
      },
    });
    renderPanel(false, 'scaffold-service');
    const field = await screen.findByLabelText('serviceName *');
    await screen.findByText('Fill in serviceName to see the files it writes.');
    fireEvent.blur(field);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
  });
});
