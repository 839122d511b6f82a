/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they need the DOM types that tests/tsconfig.json leaves out.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

const AGENT = 'wide-bot';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.post(`/api/v1${path}`, { data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json() as Promise<{ id: string; key: string }>;
}

/** How far the page is wider than the window; 0 when nothing pushes it sideways. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The boxes that show `text` but cut it off at their side without saying so. Cut with an ellipsis is
 * a choice (a list row keeps to one line); cut silently, the rest of the text is lost.
 */
async function cutOff(page: Page, text: string, within = 'main'): Promise<string[]> {
  return page.evaluate(
    ({ wanted, root }) => {
      const cut: string[] = [];
      for (const element of Array.from(document.querySelectorAll<HTMLElement>(`${root} *`))) {
        const innermost =
          element.textContent?.includes(wanted) &&
          !Array.from(element.children).some((child) => child.textContent?.includes(wanted));
        if (!innermost) continue;
        // Inline text is laid out, and cut, by the block around it.
        let box: HTMLElement | null = element;
        while (box && getComputedStyle(box).display === 'inline') box = box.parentElement;
        // Cut on purpose: an ellipsis says there is more, and a visually hidden copy is for screen readers.
        if (!box || getComputedStyle(box).textOverflow === 'ellipsis' || box.clientWidth <= 1) continue;
        if (box.scrollWidth > box.clientWidth + 1)
          cut.push(`<${box.tagName.toLowerCase()} class="${box.className}">`);
      }
      return cut;
    },
    { wanted: text, root: within },
  );
}

/**
 * What the browser paints in its top layer, bottom to top (Chromium's DevTools protocol knows the
 * order; the DOM does not tell it). Hit-testing cannot say it: a modal dialog makes the page under it,
 * toasts included, inert.
 */
async function topLayer(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeIds } = await cdp.send('DOM.getTopLayerElements');
  const names: string[] = [];
  for (const nodeId of nodeIds) {
    const { node } = await cdp.send('DOM.describeNode', { nodeId });
    if (node.nodeName === '::backdrop') continue;
    names.push(node.attributes?.includes('data-toast-layer') ? 'toasts' : node.nodeName.toLowerCase());
  }
  await cdp.detach();
  return names;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a 300-character unbroken title wraps on the board, the list, its page, the palette and the inbox', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('wide');
  const handle = email.split('@')[0] ?? '';
  await signUp(page, { name: 'Wanda Wide', email });
  const project = await post(page, '/projects', { name: 'Wide Load', key: 'WID' });
  const title = `Unbroken${'x'.repeat(292)}`;
  expect(title).toHaveLength(300);
  await post(page, `/projects/${project.id}/tasks`, { title });
  await post(page, '/agents', { name: AGENT });
  const { key } = await post(page, '/auth/api-key/create', {
    name: 'Wide agent',
    metadata: { agentName: AGENT },
  });
  const mentioned = await fetch(new URL('/api/v1/tasks/WID-1/comments', test.info().project.use.baseURL), {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ body: `@${handle} have a look` }),
  });
  expect(mentioned.status, await mentioned.text()).toBe(201);

  const board = `/dashboard/projects/${project.id}`;
  // Each screen, once what it shows last has arrived.
  const screens: [string, string, RegExp][] = [
    ['board', board, /Unbroken/],
    ['list', `${board}?view=list`, /Unbroken/],
    ['task page', `${board}/tasks/WID-1`, /created/],
    ['inbox', '/dashboard/inbox', /mentioned you/],
  ];
  for (const [name, path, settled] of screens) {
    await page.goto(path);
    await expect(page.locator('[data-realtime="live"]')).toBeVisible();
    await expect(page.getByRole('main').getByText(settled).first()).toBeVisible();
    expect(await sidewaysOverflow(page), `${name} is wider than the window`).toBeLessThanOrEqual(0);
    expect(await cutOff(page, title), `${name} cuts the title off`).toEqual([]);
  }

  await page.getByRole('button', { name: /^Search/ }).click();
  await page.getByRole('combobox', { name: 'Command palette' }).fill('Unbroken');
  await expect(page.getByRole('option', { name: /Unbroken/ })).toBeVisible();
  expect(await sidewaysOverflow(page), 'the palette is wider than the window').toBeLessThanOrEqual(0);
  expect(await cutOff(page, title, 'dialog[open]'), 'the palette cuts the title off').toEqual([]);
  const palette = await boxOf(page.getByRole('dialog'));
  const viewport = page.viewportSize();
  expect(palette.x + palette.width).toBeLessThanOrEqual(viewport?.width ?? 0);
});

test('toasts stay clear of quick-create and the bulk bar, and above a modal dialog', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, { name: 'Tobias Toast', email: uniqueEmail('toasts') });
  const project = await post(page, '/projects', { name: 'Toast Rack', key: 'TST' });
  await post(page, `/projects/${project.id}/tasks`, { title: 'Butter the toast' });
  await page.goto(`/dashboard/projects/${project.id}`);
  await expect(page.locator('[data-realtime="live"]')).toBeVisible();

  // Quick-create stays open for the next title; the toast about the last one keeps out of its way.
  const todo = page.getByRole('region', { name: 'Todo', exact: true });
  await todo.getByRole('button', { name: 'New task' }).click();
  const field = page.getByLabel('New task title in Todo');
  await field.fill('Slice the bread');
  await field.press('Enter');
  const created = page.locator('[data-sonner-toast]').filter({ hasText: 'Created TST-2' });
  await expect(created).toBeVisible();
  await expect(field).toBeFocused();
  // Keeps the toast on screen while the page is checked (sonner pauses while it is hovered).
  await created.hover();
  expect(overlaps(await boxOf(created), await boxOf(page.locator('[data-quick-create]')))).toBe(false);

  // A selection brings up the bulk bar; the toast moves above it.
  await field.press('Escape');
  await page.getByRole('checkbox', { name: 'Select TST-1', exact: true }).focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('1 selected');
  await expect
    .poll(async () => overlaps(await boxOf(created), await boxOf(bar)), {
      message: 'the toast covers the bulk bar',
    })
    .toBe(false);

  // A modal dialog opened while the toast shows does not cover it: the toast is what is on top there.
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await created.hover();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  expect(await topLayer(page), 'the toasts are painted above the dialog').toEqual(['dialog', 'toasts']);
});
