import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function call(request: APIRequestContext, method: 'post' | 'patch', path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await request[method](`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string; version: number }>;
}

async function openLive(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
}

const conflictDialog = (page: Page, label: string) =>
  page.getByRole('dialog', { name: `${label} was changed by someone else` });

test('an edit begun before someone else saved the same text never replaces it: both are shown to choose from', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contexts: BrowserContext[] = [];
  try {
    const first = await browser.newContext();
    contexts.push(first);
    const pageA = await first.newPage();
    await signUp(pageA, { name: 'Grace Hopper', email: uniqueEmail('conflict') });
    const project = await call(pageA.request, 'post', '/projects', { name: 'Compiler', key: 'CMP' });
    const task = await call(pageA.request, 'post', `/projects/${project.id}/tasks`, {
      title: 'Parse the grammar',
      description: 'The first draft.',
      acceptanceCriteria: [{ text: 'Tokens are read' }],
    });
    const second = await browser.newContext({ storageState: await first.storageState() });
    contexts.push(second);
    const pageB = await second.newPage();
    const taskPage = `/dashboard/projects/${project.id}/tasks/${task.key}`;
    await openLive(pageA, taskPage);
    await openLive(pageB, taskPage);

    // Title: B begins typing, A saves a new title, B presses Enter — B is asked, nothing is replaced.
    const titleB = pageB.getByLabel('Title', { exact: true });
    await titleB.click();
    await titleB.fill('Parse the grammar quickly');
    const titleA = pageA.getByLabel('Title', { exact: true });
    await titleA.fill('Parse the whole grammar');
    await titleA.press('Enter');
    await expect
      .poll(async () => (await pageB.request.get(`/api/v1/tasks/${task.key}`)).json())
      .toMatchObject({
        title: 'Parse the whole grammar',
      });
    await titleB.press('Enter');
    const titleConflict = conflictDialog(pageB, 'Title');
    await expect(titleConflict.getByRole('region', { name: 'Your version' })).toHaveText(
      /Parse the grammar quickly/,
    );
    await expect(titleConflict.getByRole('region', { name: 'Saved meanwhile' })).toHaveText(
      /Parse the whole grammar/,
    );
    await titleConflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(titleConflict).toHaveCount(0);
    await expect(titleA).toHaveValue('Parse the grammar quickly');

    // Description: B's editor is open while A saves; B takes A's text.
    await pageB.getByRole('button', { name: 'Edit description' }).click();
    await pageB.getByRole('textbox', { name: 'Description' }).fill('B rewrote the draft.');
    await pageA.getByRole('button', { name: 'Edit description' }).click();
    await pageA.getByRole('textbox', { name: 'Description' }).fill('A rewrote the draft.');
    await pageA.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(pageA.getByText('A rewrote the draft.')).toBeVisible();
    await pageB.getByRole('button', { name: 'Save', exact: true }).click();
    const descriptionConflict = conflictDialog(pageB, 'Description');
    await expect(descriptionConflict.getByRole('region', { name: 'Your version' })).toHaveText(
      /B rewrote the draft\./,
    );
    await descriptionConflict.getByRole('button', { name: 'Take theirs' }).click();
    await expect(pageB.getByText('A rewrote the draft.')).toBeVisible();
    await expect(pageB.getByText('B rewrote the draft.')).toHaveCount(0);

    // Criteria: B hears nothing more (its stream is cut), A rewords the criterion B then ticks. The
    // server refuses B's stale version; B merges the two lists by hand.
    await pageB.route('**/api/v1/events**', (route) => route.abort());
    await pageB.reload();
    await expect(pageB.getByRole('checkbox', { name: 'Tokens are read' })).toBeVisible();
    const current = await call(pageA.request, 'patch', `/tasks/${task.key}`, {
      version: (await (await pageA.request.get(`/api/v1/tasks/${task.key}`)).json()).version,
      acceptanceCriteria: [{ text: 'Tokens are read, comments skipped', checked: false }],
    });
    expect(current.version).toBeGreaterThan(task.version);
    await pageB.getByRole('checkbox', { name: 'Tokens are read' }).click();
    const criteriaConflict = conflictDialog(pageB, 'Acceptance criteria');
    await expect(criteriaConflict.getByRole('region', { name: 'Saved meanwhile' })).toHaveText(
      /Tokens are read, comments skipped/,
    );
    await criteriaConflict.getByRole('button', { name: 'Merge by hand' }).click();
    await criteriaConflict.getByLabel('Merged text').fill('- [x] Tokens are read, comments skipped');
    await criteriaConflict.getByRole('button', { name: 'Save merged text' }).click();
    await expect(criteriaConflict).toHaveCount(0);
    await expect(pageA.getByRole('checkbox', { name: 'Tokens are read, comments skipped' })).toBeChecked();

    // A plan item: B edits T1's title while A's revision renames it; B keeps theirs over A's.
    const plan = await call(pageA.request, 'post', `/projects/${project.id}/plans`, {
      title: 'Parser plan',
      items: [{ key: 'T1', kind: 'task', title: 'Lex the input' }],
    });
    await pageB.unroute('**/api/v1/events**');
    const planPage = `/dashboard/projects/${project.id}?view=plan&plan=${plan.id}`;
    await openLive(pageB, planPage);
    await pageB.getByRole('button', { name: 'Edit T1 Lex the input' }).click();
    await pageB.getByLabel('Title of T1').fill('Lex the input by hand');
    await pageB.getByLabel('Title of T1').press('Enter');
    await call(pageA.request, 'patch', `/plans/${plan.id}`, {
      version: plan.version,
      items: [{ key: 'T1', kind: 'task', title: 'Lex the input with a generator' }],
    });
    await pageB.getByRole('button', { name: /^Save 1 edit as revision/ }).click();
    const itemConflict = conflictDialog(pageB, 'Title of T1');
    await expect(itemConflict.getByRole('region', { name: 'Saved meanwhile' })).toHaveText(
      /Lex the input with a generator/,
    );
    await itemConflict.getByRole('button', { name: 'Keep mine' }).click();
    await expect(pageB.getByText('Saved your edits as revision 3')).toBeVisible();
    const saved = await (await pageA.request.get(`/api/v1/plans/${plan.id}`)).json();
    expect(saved.items[0].title).toBe('Lex the input by hand');
  } finally {
    for (const context of contexts) await context.close();
  }
});
