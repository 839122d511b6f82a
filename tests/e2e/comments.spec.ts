import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function api(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

test('a person writes a comment with a mention, edits it and deletes it', async ({ page }) => {
  const email = uniqueEmail('comments');
  const handle = email.split('@')[0] ?? '';
  await signUp(page, { name: 'Dorothy Vaughan', email });
  const project = await api(page, '/projects', { name: 'Chatter', key: 'CHT' });
  const task = await api(page, `/projects/${project.id}/tasks`, { title: 'Talk it through' });
  await api(page, '/agents', { name: 'review-bot', description: 'Reads comments' });

  await page.goto(`/dashboard/projects/${project.id}/tasks/${task.key}`);
  await expect(page.getByRole('heading', { name: /Task chat/ })).toBeVisible();

  // @ offers members and agents; Enter takes the highlighted one.
  const composer = page.getByRole('textbox', { name: 'Write a comment' });
  await composer.fill('Ask @revi');
  await composer.press('End');
  const suggestions = page.getByRole('listbox', { name: 'Mention someone' });
  await expect(suggestions.getByRole('option', { name: /review-bot/ })).toBeVisible();
  await composer.press('Enter');
  await expect(composer).toHaveValue('Ask @review-bot ');
  await composer.pressSequentially('and @Doro');
  await expect(suggestions.getByRole('option', { name: /Dorothy Vaughan/ })).toBeVisible();
  await composer.press('Tab');
  await expect(composer).toHaveValue(`Ask @review-bot and @${handle} `);
  await composer.pressSequentially('to check');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();

  const comments = page.getByRole('list', { name: 'Comments' });
  const mine = comments.getByRole('article', { name: "Dorothy Vaughan's comment" });
  await expect(mine).toContainText('to check');
  // Both mentions show as chips.
  await expect(mine.locator('[data-mention="agent"]')).toHaveText('@review-bot');
  await expect(mine.locator('[data-mention="person"]')).toHaveText(`@${handle}`);
  await expect(mine).not.toContainText('(edited)');

  // Edit in place: the new words, marked (edited).
  await mine.getByRole('button', { name: 'Edit' }).click();
  const editor = mine.getByRole('textbox', { name: 'Edit your comment' });
  await editor.fill('Changed my mind: ship it');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('Changed my mind: ship it');
  await expect(mine).toContainText('(edited)');

  // Still so after a reload: the server kept it.
  await page.reload();
  await expect(mine).toContainText('Changed my mind: ship it');
  await expect(mine).toContainText('(edited)');

  // Delete asks first.
  await mine.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
  await dialog.getByRole('button', { name: 'Delete comment' }).click();
  await expect(mine).toHaveCount(0);
  await expect(page.getByText('No messages yet.')).toBeVisible();
});
