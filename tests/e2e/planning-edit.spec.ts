import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string }>;
}

test('a person edits every field of a proposed item in place, is refused a cycle, accepts, and the task carries the edits', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Mary Jackson', email: uniqueEmail('plan-edit') });
  const project = await api(page, '/projects', { name: 'Wind Tunnel', key: 'WIND' });
  const plan = await api(page, `/projects/${project.id}/plans`, {
    title: 'Tunnel tests',
    items: [
      { key: 'W1', kind: 'work_unit', title: 'Model' },
      { key: 'T1', kind: 'task', parent: 'W1', title: 'Build the model', estimateHours: 2 },
      { key: 'T2', kind: 'task', parent: 'W1', title: 'Run the test', estimateHours: 3 },
      { key: 'T3', kind: 'task', parent: 'W1', title: 'Write the report' },
    ],
  });
  await page.goto(`/dashboard/projects/${project.id}?view=plan&plan=${plan.id}`);
  await expect(page.getByRole('heading', { name: 'Tunnel tests' })).toBeVisible({ timeout: 30_000 });
  const tree = page.getByRole('list', { name: 'Plan items' });
  const row = (key: string) => tree.locator(`[data-plan-item="${key}"]`).first();

  // Escape drops what was typed; the item is as it was.
  await page.getByRole('button', { name: 'Edit T3 Write the report' }).click();
  await page.getByLabel('Title of T3').fill('Nothing to keep');
  await page.getByLabel('Title of T3').press('Escape');
  await expect(page.getByLabel('Title of T3')).toHaveCount(0);
  await expect(row('T3')).toContainText('Write the report');
  await expect(page.getByRole('button', { name: 'Edit T3 Write the report' })).toBeFocused();

  // Moving on to something else keeps what was typed.
  await page.getByRole('button', { name: 'Edit T3 Write the report' }).click();
  await page.getByLabel('Title of T3').fill('Write the tunnel report');
  await page.getByRole('heading', { name: 'Tunnel tests' }).click();
  await expect(page.getByLabel('Title of T3')).toHaveCount(0);
  await expect(row('T3')).toContainText('Write the tunnel report');
  await expect(row('T3')).toContainText('edited');

  // Enter on the title opens the editor from the keyboard.
  await page.getByRole('button', { name: 'Edit T2 Run the test' }).press('Enter');
  const editor = page.getByRole('form', { name: 'Edit T2' });
  await expect(page.getByLabel('Title of T2')).toBeFocused();
  await editor.getByLabel('Description of T2').fill('Three passes at **Mach 0.8**, one per angle.');

  // Bad input is named at its field and nothing typed is lost.
  await page.getByLabel('Title of T2').fill('');
  await page.getByLabel('Estimate of T2 in hours').fill('0');
  await page.getByLabel('Title of T2').press('Enter');
  await expect(editor.getByText('A title is required.')).toBeVisible();
  await expect(editor.getByText('An estimate is more than 0 hours.')).toBeVisible();
  await expect(editor.getByLabel('Description of T2')).toHaveValue(
    'Three passes at **Mach 0.8**, one per angle.',
  );
  await page.getByLabel('Title of T2').fill('Run the tunnel test');
  await page.getByLabel('Estimate of T2 in hours').fill('4');

  // Criteria: two added (Enter moves on to a new line), a third added then removed.
  await editor.getByLabel('New criterion for T2').fill('Lift is measured');
  await editor.getByLabel('Criterion 1 of T2', { exact: true }).press('Enter');
  await expect(editor.getByLabel('New criterion for T2')).toBeFocused();
  await editor.getByLabel('New criterion for T2').fill('Drag is measured');
  await editor.getByLabel('New criterion for T2').fill('Spare line');
  await expect(editor.getByLabel('Criterion 2 of T2', { exact: true })).toHaveValue('Drag is measured');
  await expect(editor.getByLabel('Criterion 3 of T2', { exact: true })).toHaveValue('Spare line');
  await editor.getByRole('button', { name: 'Remove criterion 3 of T2' }).click();
  await expect(editor.getByLabel('Criterion 3 of T2', { exact: true })).toHaveCount(0);

  await editor.getByLabel('Priority of T2').selectOption('high');
  await editor.getByLabel('Add a dependency to T2').selectOption('T1');
  await expect(editor.getByRole('list', { name: 'T2 depends on' })).toContainText('T1');
  // The item itself is never offered.
  await expect(editor.getByLabel('Add a dependency to T2').locator('option[value="T2"]')).toHaveCount(0);
  const assignee = editor.getByRole('combobox', { name: 'Assignee of T2' });
  await assignee.click();
  await assignee.fill('Mary');
  await assignee.press('Enter');
  await expect(assignee).toHaveValue('Mary Jackson');
  await editor.getByRole('button', { name: 'Keep' }).click();

  await expect(row('T2')).toContainText('Run the tunnel test');
  await expect(row('T2')).toContainText('after T1');
  await expect(row('T2')).toContainText('@Mary Jackson');
  await expect(row('T2')).toContainText('2 criteria');
  await expect(row('T2')).toContainText('4 h');
  await expect(row('T2').getByRole('img', { name: 'High priority' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Accept/ }).first()).toBeDisabled();

  // T1 waiting for T2 closes a circle: the server refuses it, the message sits by the item, edits stay.
  await page.getByRole('button', { name: 'Edit T1 Build the model' }).click();
  await page.getByLabel('Add a dependency to T1').selectOption('T2');
  await page.getByLabel('Title of T1').press('Enter');
  await page.getByRole('button', { name: 'Save 3 edits as revision 2' }).click();
  await expect(page.getByText('Your edits were not saved')).toBeVisible();
  await expect(tree.locator('[data-problem="T1"]')).toHaveText(
    'Dependencies go round in a circle: T1 → T2 → T1.',
  );
  await expect(row('T2')).toContainText('Run the tunnel test');
  await expect(row('T2')).toContainText('edited');

  // Taking the dependency out again leaves one edit, and the message goes with it.
  await page.getByRole('button', { name: 'Edit T1 Build the model' }).click();
  await page.getByRole('button', { name: 'Remove dependency T2 of T1' }).click();
  await page.getByLabel('Title of T1').press('Enter');
  await expect(tree.locator('[data-problem="T1"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save 2 edits as revision 2' }).click();
  await expect(page.getByText('Saved your edits as revision 2')).toBeVisible();
  await expect(row('T2')).toContainText('@Mary Jackson');
  await expect(row('T2')).not.toContainText('edited');

  // Accepted items are read-only.
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByText('Accepted 4 items')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit T2/ })).toHaveCount(0);
  const taskKey =
    (await row('T2')
      .getByText(/^WIND-\d+$/)
      .textContent()) ?? '';
  const blockerKey =
    (await row('T1')
      .getByText(/^WIND-\d+$/)
      .textContent()) ?? '';

  // The task on the board carries every edit.
  await page.getByRole('navigation', { name: 'Project views' }).getByRole('link', { name: 'Board' }).click();
  await page.getByRole('link', { name: new RegExp(`^${taskKey}\\b`) }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskKey}$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Run the tunnel test');
  await expect(page.getByText('Mach 0.8', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Lift is measured' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Drag is measured' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Spare line' })).toHaveCount(0);
  await expect(page.getByLabel('Priority', { exact: true })).toHaveValue('high');
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue('Mary Jackson');
  await expect(page.getByRole('list', { name: 'Blocked by' })).toContainText(blockerKey);
});
