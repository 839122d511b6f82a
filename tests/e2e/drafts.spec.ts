import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

async function post(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

test('drafts of a description, a comment and plan edits survive a reload and another page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Reloading with a draft open asks first (see the next test); here the answer is always "leave".
  page.on('dialog', (dialog) => void dialog.accept());
  await signUp(page, { name: 'Dorothy Vaughan', email: uniqueEmail('drafts') });
  const project = await post(page, '/projects', { name: 'Drafts', key: 'DRF' });
  const task = await post(page, `/projects/${project.id}/tasks`, { title: 'Write it down' });
  const plan = await post(page, `/projects/${project.id}/plans`, {
    title: 'Draft plan',
    items: [{ key: 'T1', kind: 'task', title: 'Outline' }],
  });
  const taskPage = `/dashboard/projects/${project.id}/tasks/${task.key}`;

  await page.goto(taskPage);
  await page.getByRole('button', { name: 'Edit description' }).click();
  await page.getByRole('textbox', { name: 'Description' }).fill('Half a thought, not saved');
  await page.getByLabel('Write a comment', { exact: true }).fill('A comment not sent yet');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Half a thought, not saved');
  await expect(page.getByLabel('Write a comment', { exact: true })).toHaveValue('A comment not sent yet');

  // Saving forgets the draft: after another reload the page shows the saved text, no editor.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit description' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Half a thought, not saved')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveCount(0);

  const planPage = `/dashboard/projects/${project.id}?view=plan&plan=${plan.id}`;
  await page.goto(planPage);
  await page.getByRole('button', { name: 'Edit T1 Outline' }).click();
  await page.getByLabel('Title of T1').fill('Outline every chapter');
  await page.getByLabel('Title of T1').press('Enter');
  await page.goto(taskPage);
  await expect(page.getByLabel('Write a comment', { exact: true })).toHaveValue('A comment not sent yet');
  await page.goto(planPage);
  await expect(page.getByRole('button', { name: 'Save 1 edit as revision 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Save 1 edit as revision 2' }).click();
  await expect(page.getByText('Saved your edits as revision 2')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Save \d+ edit/ })).toHaveCount(0);
});

test('leaving a page with unsaved text asks first: in the app, and when the tab goes', async ({ page }) => {
  await signUp(page, { name: 'Mary Jackson', email: uniqueEmail('leave') });
  const project = await post(page, '/projects', { name: 'Leaving', key: 'LVE' });
  const task = await post(page, `/projects/${project.id}/tasks`, { title: 'Say it before going' });
  await page.goto(`/dashboard/projects/${project.id}/tasks/${task.key}`);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });

  // Nothing typed: links just go.
  await sidebar.getByRole('link', { name: 'My work' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-work$/);
  await page.goBack();
  const comment = page.getByLabel('Write a comment', { exact: true });
  await comment.click();
  await comment.fill('Half a reply');

  // A link of the app asks; staying keeps the page and the text.
  await sidebar.getByRole('link', { name: 'My work' }).click();
  const prompt = page.getByRole('dialog', { name: 'Leave with unsaved text?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(prompt).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.key}$`));
  await expect(comment).toHaveValue('Half a reply');

  // Leaving goes, and the draft is still there on coming back.
  await sidebar.getByRole('link', { name: 'My work' }).click();
  await prompt.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-work$/);
  await page.goBack();
  await expect(comment).toHaveValue('Half a reply');

  // Closing the tab (or reloading) gets the browser's own prompt.
  const beforeUnload = page.waitForEvent('dialog');
  await comment.click();
  await page.close({ runBeforeUnload: true });
  const dialog = await beforeUnload;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});
