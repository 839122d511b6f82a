import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support';

/** Cookie-authenticated writes need a same-origin Origin header, as a browser would send. */
async function post(page: Page, path: string, data: unknown) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method: 'POST', data, headers: { origin } });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

const SCAFFOLD_YAML = `features:
  - name: scaffold-service
    description: A service class and its test
    variables_schema:
      type: object
      properties:
        serviceName: {type: string, minLength: 2, description: 'The service, e.g. billing'}
        withTests: {type: boolean, default: true}
        style: {type: string, enum: [class, functions], default: class}
      required: [serviceName]
    includes:
      - src/services/Example.ts->src/services/{{ serviceName | pascalCase }}Service.ts
      - tests/Example.test.ts->tests/{{ serviceName | kebabCase }}.test.ts?withTests=true
    instruction: Register {{ serviceName | pascalCase }}Service.
`;

const FILES = {
  'src/services/Example.ts.liquid':
    '{% if style == "class" %}export class {{ serviceName | pascalCase }}Service {}{% else %}export function {{ serviceName | camelCase }}() {}{% endif %}\n',
  'tests/Example.test.ts.liquid': "import '../src/services/{{ serviceName | pascalCase }}Service';\n",
};

test('a template uploaded as a folder; a method previewed from its variables as they are typed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page, { name: 'Tess Templates', email: uniqueEmail('templates') });
  await post(page, '/templates', { name: 'backend', scaffoldYaml: SCAFFOLD_YAML, files: FILES });

  await page.goto('/dashboard/settings/organization');
  await page
    .getByRole('navigation', { name: 'Organization settings' })
    .getByRole('link', { name: 'Templates' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/organization\/templates/);
  await expect(
    page.getByRole('list', { name: 'Templates' }).getByRole('listitem', { name: 'backend' }),
  ).toBeVisible();

  await page
    .getByRole('list', { name: 'Features' })
    .getByRole('link', { name: /scaffold-service/ })
    .click();
  const name = page.getByLabel('serviceName *');
  await expect(name).toBeVisible();
  await expect(page.getByLabel('withTests')).toBeChecked();
  await expect(page.getByLabel('style')).toHaveValue('class');

  // Before any typing the form is unfilled, not wrong: no error yet, a word on what to fill in.
  await expect(page.getByText('Fill in serviceName to see the files it writes.')).toBeVisible();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  // Typed, the variable is too short: the server's words appear at the field.
  await name.fill('x');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  // The error's id joins aria-describedby in a later render than aria-invalid, and the preview may
  // answer again meanwhile: read the described error until it has words.
  const describedError = async () => {
    const errorId = (await name.getAttribute('aria-describedby'))
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    return errorId ? ((await page.locator(`[id="${errorId}"]`).textContent()) ?? '').trim() : '';
  };
  await expect.poll(describedError).not.toBe('');

  await name.fill('billing');
  const files = page.getByRole('list', { name: 'Rendered files' });
  await expect(files.getByRole('listitem', { name: 'src/services/BillingService.ts' })).toContainText(
    'export class BillingService {}',
  );
  await expect(files.getByRole('listitem', { name: 'tests/billing.test.ts' })).toContainText(
    "import '../src/services/BillingService';",
  );
  await expect(page.getByText('Register BillingService.')).toBeVisible();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');

  // Each change renders again: another name, no tests, the functions style.
  await name.fill('paymentGateway');
  await page.getByLabel('withTests').uncheck();
  await page.getByLabel('style').selectOption('functions');
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files.getByRole('listitem', { name: 'src/services/PaymentGatewayService.ts' })).toContainText(
    'export function paymentGateway() {}',
  );

  // A folder in AgiFlow's layout, uploaded through the folder picker, replaces nothing else.
  const root = await mkdtemp(join(tmpdir(), 'switchboard-templates-'));
  const folder = join(root, 'templates', 'frontend');
  await mkdir(join(folder, 'src'), { recursive: true });
  await writeFile(
    join(folder, 'scaffold.yaml'),
    'boilerplate:\n  - name: scaffold-app\n    variables_schema: {type: object, properties: {appName: {type: string}}, required: [appName]}\n    includes:\n      - src/main.ts->{{ appName }}/src/main.ts\n',
  );
  await writeFile(join(folder, 'src', 'main.ts'), 'console.log("app");\n');
  await page.getByRole('button', { name: 'Upload templates' }).click();
  await page.getByLabel('Template folder').setInputFiles(join(root, 'templates'));
  await expect(page.getByRole('list', { name: 'Templates found' })).toContainText('frontend');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Templates' }).getByRole('listitem', { name: 'frontend' }),
  ).toBeVisible();
  await page
    .getByRole('list', { name: 'Boilerplates' })
    .getByRole('link', { name: /scaffold-app/ })
    .click();
  await page.getByLabel('appName *').fill('shop');
  await expect(
    page.getByRole('list', { name: 'Rendered files' }).getByRole('listitem', { name: 'shop/src/main.ts' }),
  ).toContainText('console.log("app");');
});

test("a project's template is chosen in its edit dialog and cleared when the template is deleted", async ({
  page,
}) => {
  await signUp(page, { name: 'Tom Templates', email: uniqueEmail('project-template') });
  await post(page, '/templates', { name: 'backend', scaffoldYaml: SCAFFOLD_YAML, files: FILES });
  const project = await post(page, '/projects', { name: 'Template Works', key: 'TPW' });

  await page.goto(`/dashboard/projects/${project.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Template Works' });
  await edit.getByLabel('Template').selectOption('backend');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  // Read back as a fresh page would: the project answers its template by name.
  await page.reload();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(edit.getByLabel('Template')).toHaveValue('backend');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const deleted = await page.request.delete('/api/v1/templates/backend', { headers: { origin } });
  expect(await deleted.json()).toEqual({ deleted: { name: 'backend', projects: ['TPW'] } });

  await page.reload();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(edit.getByLabel('Template')).toHaveValue('');
});
