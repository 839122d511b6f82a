import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { signUp, tasksThroughAPlan, uniqueEmail } from './support';

// The board as a team uses it every day: every column in view on a laptop, headers that stay while the
// cards scroll, rows that keep their buttons on a phone, and drops that never make the page hitch.

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (scope: Page | Locator, key: string) =>
  scope.getByRole('link', { name: new RegExp(`^${key}\\b`) });

async function post(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: string; key: string; slug: string };
}

/** A signed-up owner's project holding `count` tasks in Todo, all in one work unit. */
async function projectWithTasks(page: Page, key: string, count: number) {
  await signUp(page, { name: 'Lena Layout', email: uniqueEmail(`layout-${key.toLowerCase()}`) });
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const project = await post(page.request, origin, '/projects', { name: `Board ${key}`, key });
  await post(page.request, origin, '/agents', { name: 'backend-dev' });
  await tasksThroughAPlan(
    page,
    project.id,
    Array.from({ length: count }, (_, index) => ({
      title: `Task number ${index + 1} with a title long enough to take two lines`,
      // Cards as a team's look: an assignee, a work unit and criteria to show.
      assignee: 'backend-dev',
      acceptanceCriteria: ['Done when done'],
    })),
    'A work unit with a rather long title that has to wrap on a phone',
  );
  return project;
}

async function openBoard(page: Page, projectId: string) {
  await page.goto(`/dashboard/projects/${projectId}`);
  await expect(column(page, 'Todo')).toBeVisible();
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();
}

test('at 1280 px every column is in view and the headers stay while the cards scroll', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const project = await projectWithTasks(page, 'WIDE', 40);
  await openBoard(page, project.id);

  const done = await column(page, 'Done').boundingBox();
  expect(done).not.toBeNull();
  expect((done?.x ?? 0) + (done?.width ?? 0)).toBeLessThanOrEqual(1280);

  const header = column(page, 'Todo').locator('header');
  const before = await header.boundingBox();
  await card(page, 'WIDE-1').hover();
  await page.mouse.wheel(0, 1500);
  await expect(card(page, 'WIDE-1')).not.toBeInViewport();
  const after = await header.boundingBox();
  expect(after?.y).toBe(before?.y);
  await expect(header).toBeInViewport();
});

test('at 390 px a work unit row keeps its buttons in view', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const project = await projectWithTasks(page, 'NARROW', 1);
  await page.goto(`/dashboard/projects/${project.id}?view=work-units`);
  for (const name of ['Edit NARROW-WU-1', 'Add a work unit under NARROW-WU-1']) {
    const button = page.getByRole('button', { name });
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
  }
});

test('at 390 px the board and the list scroll inside themselves, never the page', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const project = await projectWithTasks(page, 'PHONE', 3);
  const pageScrollsSideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

  await openBoard(page, project.id);
  expect(await pageScrollsSideways(), 'board').toBe(false);
  // The view tabs scroll in their own row: the last one is reachable, not cut off the page.
  const activity = page
    .getByRole('navigation', { name: 'Project views' })
    .getByRole('link', { name: 'Activity' });
  await activity.scrollIntoViewIfNeeded();
  await expect(activity).toBeInViewport();

  await page.goto(`/dashboard/projects/${project.id}?view=list`);
  const row = page.getByRole('link', { name: /^PHONE-1\b/ });
  await expect(row).toBeVisible();
  expect(await pageScrollsSideways(), 'list').toBe(false);
  const box = await row.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expect(row.getByText('Todo')).toBeInViewport();
});

/**
 * The longest main-thread task of a Chrome trace, by the main thread's own clock (CPU time): on a
 * machine shared with other work, wall time counts the time the thread waited for a core as well.
 */
function longestMainThreadTaskMs(trace: Buffer): number {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as {
    traceEvents: {
      name: string;
      ph: string;
      pid: number;
      tid: number;
      tdur?: number;
      args?: { name?: string };
    }[];
  };
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const tasks = traceEvents.filter(
    (event) =>
      event.ph === 'X' &&
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') &&
      mainThreads.has(`${event.pid}:${event.tid}`),
  );
  return Math.max(0, ...tasks.map((event) => (event.tdur ?? 0) / 1000));
}

test('with 300 tasks on a fresh board, a drop keeps every main-thread task under 50 ms', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const project = await projectWithTasks(page, 'BIG', 300);
  await openBoard(page, project.id);
  await expect(column(page, 'Todo').locator('header')).toContainText('300');

  const columns = ['In Progress', 'Review', 'Done'];
  for (const [index, target] of columns.entries()) {
    const key = `BIG-${index + 1}`;
    await card(page, key).focus();
    await page.keyboard.press('Space');
    for (let step = 0; step <= index; step++) await page.keyboard.press('ArrowRight');
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.keyboard.press('Space');
    await expect(card(column(page, target), key)).toBeVisible();
    // The server's answer and the realtime event land too, each one more render.
    await page.waitForTimeout(1000);
    const longest = longestMainThreadTaskMs(await browser.stopTracing());
    expect(longest, `drop ${index + 1} into ${target}: longest task ${Math.round(longest)} ms`).toBeLessThan(
      50,
    );
    expect(longest, 'the trace saw the main thread').toBeGreaterThan(0);
  }
});
