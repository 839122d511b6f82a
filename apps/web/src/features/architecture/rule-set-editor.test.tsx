import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuleSetEditor, type RuleSetEditorProps } from './rule-set-editor';

afterEach(cleanup);

const ARCHITECT = `features:
  - name: route-handler
    design_pattern: Thin route handlers
    includes: [src/routes/**/*.ts]
    description: Parse input, call the domain, answer.
`;

const RULES = `version: "1"
rules:
  - pattern: routes
    globs: [src/routes/**/*.ts, "!src/routes/**/*.test.ts"]
    description: Route files
    must_not_do:
      - rule: Never import the database in a route
        check: { forbidImport: ["../db/*"] }
    should_do:
      - rule: Name handlers after their operation
`;

function renderEditor(props: Partial<RuleSetEditorProps> = {}) {
  const onSave = vi.fn();
  return { onSave, ...renderWith(onSave, props) };
}

function renderWith(onSave: RuleSetEditorProps['onSave'], props: Partial<RuleSetEditorProps>) {
  return render(
    <RuleSetEditor
      saved={{ architectYaml: ARCHITECT, rulesYaml: RULES, version: 1 }}
      canEdit
      onSave={onSave}
      saving={false}
      {...props}
    />,
  );
}

/** The deferred check runs after the keystroke's render; flush it. */
async function type(label: string, text: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  });
}

describe('RuleSetEditor', () => {
  it('shows what the files hold: patterns, rules, severities (defaults and checks)', () => {
    renderEditor();
    within(screen.getByRole('list', { name: 'Design patterns' })).getByText('route-handler');
    const rule = screen.getByRole('listitem', { name: 'routes' });
    expect(within(rule).getByRole('list', { name: 'Files of routes' }).textContent).toContain(
      '!src/routes/**/*.test.ts',
    );
    const mustNot = within(rule).getByRole('list', { name: 'Must not do of routes' });
    expect(mustNot.textContent).toContain('HIGH');
    expect(mustNot.textContent).toContain('forbidImport: ../db/*');
    const should = within(rule).getByRole('list', { name: 'Should do of routes' });
    expect(should.textContent).toContain('MEDIUM');
    expect(should.textContent).toContain('the agent judges it');
  });

  it('names the line of a YAML error as it is typed, keeps Save off until fixed, then saves the text', async () => {
    const { onSave } = renderEditor();
    const save = screen.getByRole('button', { name: 'Save rule set' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const broken = RULES.replace('forbidImport: ["../db/*"]', 'forbid: "("');
    await type('RULES.yaml', broken);
    const problems = screen.getByRole('list', { name: 'Problems in RULES.yaml' });
    expect(problems.textContent).toMatch(/Line 8, column \d+/);
    expect(problems.textContent).toContain('Not a valid regex');
    // The field is marked invalid and reads its problems as its description.
    const field = screen.getByLabelText('RULES.yaml');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(problems.id);
    expect(problems.id).not.toBe('');
    expect(save.disabled).toBe(true);
    fireEvent.submit(save);
    expect(onSave).not.toHaveBeenCalled();

    const fixed = RULES.replace('forbidImport: ["../db/*"]', 'forbid: "import .* from \'pg\'"');
    await type('RULES.yaml', fixed);
    expect(screen.queryByRole('list', { name: 'Problems in RULES.yaml' })).toBeNull();
    expect(screen.getByLabelText('RULES.yaml').getAttribute('aria-invalid')).toBeNull();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({ architectYaml: ARCHITECT, rulesYaml: fixed }, 1);
  });

  it('shows the server’s refusal by line while the text is what was sent, and drops it on the next edit', async () => {
    const sent = { architectYaml: ARCHITECT, rulesYaml: RULES };
    renderEditor({
      saveProblems: { sent, architect: [{ line: 2, message: 'duplicate pattern name' }], rules: [] },
    });
    expect(screen.getByRole('list', { name: 'Problems in architect.yaml' }).textContent).toContain(
      'Line 2: duplicate pattern name',
    );
    await type('architect.yaml', `${ARCHITECT}# edited\n`);
    expect(screen.queryByRole('list', { name: 'Problems in architect.yaml' })).toBeNull();
  });

  it('takes the cursor to a problem’s line', async () => {
    renderEditor();
    const text = 'features:\n  - name: a\n    includes: [src/**\n';
    await type('architect.yaml', text);
    const goTo = within(screen.getByRole('list', { name: 'Problems in architect.yaml' })).getByRole('button');
    const line = Number(goTo.textContent?.match(/^Line (\d+)/)?.[1]);
    fireEvent.click(goTo);
    const textarea = screen.getByLabelText('architect.yaml') as HTMLTextAreaElement;
    expect(document.activeElement).toBe(textarea);
    const lineStart =
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length + (line > 1 ? 1 : 0);
    expect(textarea.selectionStart).toBe(lineStart);
  });

  it('an empty file is an empty list, as the server reads it', async () => {
    renderEditor();
    await type('architect.yaml', '');
    expect(screen.queryByRole('list', { name: 'Problems in architect.yaml' })).toBeNull();
    screen.getByText('No design patterns in architect.yaml.');
  });

  it('is read-only for people who may not change it: no save, no import, download still there', () => {
    renderEditor({ canEdit: false });
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save rule set' })).toBeNull();
    expect(screen.queryByLabelText('Import RULES.yaml')).toBeNull();
    screen.getByRole('button', { name: 'Download RULES.yaml' });
  });

  it('imports a file chosen from disk into its editor', async () => {
    renderEditor();
    const file = new File(['features: []\n'], 'architect.yaml', { type: 'application/yaml' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Import architect.yaml'), { target: { files: [file] } });
    });
    expect((screen.getByLabelText('architect.yaml') as HTMLTextAreaElement).value).toBe('features: []\n');
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes.');
  });
});

describe('RuleSetEditor when the server’s copy moves on', () => {
  const editor = (saved: RuleSetEditorProps['saved'], onSave = vi.fn(), ownSaveVersion?: number) => (
    <RuleSetEditor saved={saved} canEdit onSave={onSave} saving={false} ownSaveVersion={ownSaveVersion} />
  );

  it('follows this person’s own save to what the server kept', async () => {
    const onSave = vi.fn();
    const { rerender } = render(editor({ architectYaml: ARCHITECT, rulesYaml: RULES, version: 1 }, onSave));
    await type('RULES.yaml', 'rules: []\n');
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    expect(onSave).toHaveBeenCalledWith({ architectYaml: ARCHITECT, rulesYaml: 'rules: []\n' }, 1);
    // The server writes the file its own way.
    rerender(
      editor({ architectYaml: ARCHITECT, rulesYaml: 'rules: []\nversion: "1"\n', version: 2 }, onSave, 2),
    );
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).value).toBe(
      'rules: []\nversion: "1"\n',
    );
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('keeps edits in progress when someone else saved first, says so, and saves against the version it started from', async () => {
    const onSave = vi.fn();
    const { rerender } = render(editor({ architectYaml: ARCHITECT, rulesYaml: RULES, version: 1 }, onSave));
    await type('RULES.yaml', 'rules: []\n');
    // Sent, but refused: theirs is read instead.
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    rerender(editor({ architectYaml: 'features: []\n', rulesYaml: RULES, version: 2 }, onSave));
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).value).toBe('rules: []\n');
    expect(screen.getByRole('alert').textContent).toContain('Someone else saved a newer version');
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith({ architectYaml: ARCHITECT, rulesYaml: 'rules: []\n' }, 1);

    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((screen.getByLabelText('architect.yaml') as HTMLTextAreaElement).value).toBe('features: []\n');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps edits in progress without a warning when only the name or description changed', async () => {
    const onSave = vi.fn();
    const { rerender } = render(editor({ architectYaml: ARCHITECT, rulesYaml: RULES, version: 1 }, onSave));
    await type('RULES.yaml', 'rules: []\n');
    rerender(editor({ architectYaml: ARCHITECT, rulesYaml: RULES, version: 2 }, onSave));
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).value).toBe('rules: []\n');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save rule set' }));
    expect(onSave).toHaveBeenCalledWith({ architectYaml: ARCHITECT, rulesYaml: 'rules: []\n' }, 2);
  });

  it('shows a reader the newer version at once', () => {
    const { rerender } = render(
      <RuleSetEditor
        saved={{ architectYaml: ARCHITECT, rulesYaml: RULES, version: 1 }}
        canEdit={false}
        onSave={vi.fn()}
        saving={false}
      />,
    );
    rerender(
      <RuleSetEditor
        saved={{ architectYaml: ARCHITECT, rulesYaml: 'rules: []\n', version: 2 }}
        canEdit={false}
        onSave={vi.fn()}
        saving={false}
      />,
    );
    expect((screen.getByLabelText('RULES.yaml') as HTMLTextAreaElement).value).toBe('rules: []\n');
  });
});
