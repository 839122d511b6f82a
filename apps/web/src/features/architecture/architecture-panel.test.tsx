import type { RuleSet } from '@switchboard/api-client/contract';
import { toRuleSetFiles } from '@switchboard/architecture';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeRuleSetSummary } from '../../testing/finding-fixtures';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { ArchitecturePanel } from './architecture-panel';
import { ruleSetKeys } from './rule-sets';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const backendContent: RuleSet['content'] = {
  patterns: [],
  rules: [
    {
      pattern: 'routes',
      globs: ['src/routes/**'],
      description: '',
      inherits: [],
      mustDo: [],
      shouldDo: [],
      mustNotDo: [{ rule: 'No axios', check: { forbidImport: ['axios'] } }],
    },
  ],
};

const backend: RuleSet = {
  id: 'rs-backend',
  name: 'backend',
  description: 'Server rules',
  version: 4,
  updatedBy: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  content: backendContent,
  ...toRuleSetFiles(backendContent),
};

function renderPanel(canManage: boolean, onSelect = vi.fn()) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(ruleSetKeys.list(), [
    makeRuleSetSummary({
      name: 'backend',
      description: 'Server rules',
      version: 4,
      rules: 1,
      projects: ['SWB'],
    }),
  ]);
  queryClient.setQueryData(ruleSetKeys.detail('backend'), backend);
  renderInDashboard(<ArchitecturePanel canManage={canManage} selected={undefined} onSelect={onSelect} />, {
    queryClient,
  });
  return onSelect;
}

/** Types into RULES.yaml and saves once the check passes; answers the field. */
async function editRulesAndSave(text: string): Promise<HTMLTextAreaElement> {
  const rules = (await screen.findByLabelText('RULES.yaml')) as HTMLTextAreaElement;
  fireEvent.change(rules, { target: { value: text } });
  const save = screen.getByRole('button', { name: 'Save rule set' }) as HTMLButtonElement;
  await waitFor(() => expect(save.disabled).toBe(false));
  fireEvent.click(save);
  return rules;
}

describe('ArchitecturePanel', () => {
  it('shows a member the rule sets and their files read-only, with no way to change them', async () => {
    renderPanel(false);
    const list = await screen.findByRole('list', { name: 'Rule sets' });
    expect(within(list).getByRole('listitem', { name: 'backend' }).textContent).toContain('SWB');
    screen.getByText(/Only owners and admins change rule sets/);
    expect(screen.queryByRole('button', { name: 'New rule set' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete backend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save rule set' })).toBeNull();
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).readOnly).toBe(true);
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).value).toContain('forbidImport');
    // Trying a file is reading, so members may.
    screen.getByRole('button', { name: 'Review' });
  });

  it('lets an admin save edited files with the version read, and starts again from what the server kept', async () => {
    const saved: RuleSet = {
      ...backend,
      version: 5,
      content: { ...backend.content, rules: [] },
      rulesYaml: 'rules: []\n',
    };
    const server = fakeApi({ status: 200, body: saved }, { status: 200, body: [] });
    renderPanel(true);
    await editRulesAndSave('rules: []\n');
    await waitFor(() => expect(server.calls[0]?.method).toBe('PUT'));
    expect(server.calls[0]).toMatchObject({
      path: '/api/v1/rule-sets/backend',
      body: { rulesYaml: 'rules: []\n', version: 4 },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved.'));
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).value).toBe('rules: []\n');
  });

  it('shows the lines the server refused, under their file', async () => {
    fakeApi({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'rulesYaml line 1: unknown pattern',
          details: [{ path: ['rulesYaml'], line: 1, message: 'inherits names an unknown pattern' }],
        },
      },
    });
    renderPanel(true);
    await editRulesAndSave('rules: []\n');
    const problems = await screen.findByRole('list', { name: 'Problems in RULES.yaml' });
    expect(problems.textContent).toContain('Line 1: inherits names an unknown pattern');
  });

  it('keeps the admin’s edits when someone else saved first, reads theirs, and says so', async () => {
    const theirs: RuleSet = {
      ...backend,
      version: 5,
      content: { patterns: [], rules: [] },
      ...toRuleSetFiles({ patterns: [], rules: [] }),
    };
    const server = fakeApi(
      {
        status: 409,
        body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { currentVersion: 5 } } },
      },
      { status: 200, body: theirs },
    );
    renderPanel(true);
    const rules = await editRulesAndSave('rules: []\n# mine\n');
    await screen.findByText(/Someone else saved a newer version/);
    expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /api/v1/rule-sets/backend',
      'GET /api/v1/rule-sets/backend',
    ]);
    expect(rules.value).toBe('rules: []\n# mine\n');
  });

  it('renames and describes a rule set without touching its files, and follows the new name', async () => {
    const server = fakeApi(
      { status: 200, body: { ...backend, name: 'server', description: 'API and workers', version: 5 } },
      { status: 200, body: { items: [makeRuleSetSummary({ name: 'server', version: 5 })] } },
    );
    const onSelect = renderPanel(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the name and description of backend' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit backend' });
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Server rules');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'server' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'API and workers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('server'));
    expect(server.calls[0]).toEqual({
      method: 'PUT',
      path: '/api/v1/rule-sets/backend',
      body: { name: 'server', description: 'API and workers', version: 4 },
    });
  });

  it('creates a rule set from a checked name and opens it', async () => {
    const server = fakeApi(
      { status: 201, body: { ...backend, id: 'rs-web', name: 'web', version: 1 } },
      {
        status: 200,
        body: { items: [makeRuleSetSummary({ name: 'backend' }), makeRuleSetSummary({ name: 'web' })] },
      },
    );
    const onSelect = renderPanel(true);
    fireEvent.click(await screen.findByRole('button', { name: 'New rule set' }));
    const dialog = screen.getByRole('dialog', { name: 'New rule set' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'has spaces' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create rule set' }));
    within(dialog).getByText(/must be letters, digits/);
    expect(server.calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'web' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create rule set' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('web'));
    // Listed at once, before the list is read again.
    within(screen.getByRole('list', { name: 'Rule sets' })).getByRole('listitem', { name: 'web' });
    expect(server.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/rule-sets',
      body: { name: 'web' },
    });
  });

  it('tries a file against the saved rule set and shows matches and findings', async () => {
    const server = fakeApi({
      status: 200,
      body: {
        file_path: 'src/routes/users.ts',
        fix_required: true,
        identified_issues: [
          {
            type: 'must_not_do',
            severity: 'HIGH',
            rule: 'No axios',
            pattern: 'routes',
            violation: 'imports axios',
            line: 1,
            check: 'forbidImport axios',
          },
        ],
        rules_to_self_check: [],
        not_checked: [
          {
            pattern: 'routes',
            type: 'must_not_do',
            rule: 'No nested loops',
            severity: 'HIGH',
            check: 'forbid /(a+)+$/',
            reason: 'did not finish within 2000 ms',
          },
        ],
        matched_patterns: [
          {
            name: 'route-handler',
            design_pattern: 'Thin route handlers',
            description: '',
            confidence: 'glob',
          },
        ],
      },
    });
    renderPanel(false);
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    screen.getByText(/Name the file/);
    fireEvent.change(screen.getByLabelText('File path'), { target: { value: 'src/routes/users.ts' } });
    fireEvent.change(screen.getByLabelText('File content'), {
      target: { value: "import axios from 'axios';" },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const result = await screen.findByRole('region', { name: 'Review result' });
    expect(result.textContent).toContain('Fix required');
    expect(within(result).getByRole('list', { name: 'Matched design patterns' }).textContent).toContain(
      'route-handler',
    );
    const findings = within(result).getByRole('list', { name: 'Findings' }).textContent;
    expect(findings).toContain('HIGH');
    expect(findings).toContain('Found by forbidImport axios');
    expect(within(result).getByRole('list', { name: 'Not checked' }).textContent).toContain(
      'No nested loops — did not finish within 2000 ms',
    );
    expect(server.calls[0]).toMatchObject({
      path: '/api/v1/rule-sets/backend/review',
      body: { file_path: 'src/routes/users.ts', content: "import axios from 'axios';" },
    });
  });
});
