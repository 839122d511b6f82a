import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useOrganizationFixture } from '../testing/organization-fixture';
import type { Json } from '../testing/projects';

// The scaffold.yaml example on the docs page is what people copy: it is saved and rendered here
// through the API, so an example the server would refuse or render wrongly fails this test.
const page = readFileSync(new URL('../../../../content/docs/mcps/scaffold-mcp.mdx', import.meta.url), 'utf8');

/** The first ```yaml block under the page's "## scaffold.yaml" heading. */
function scaffoldExample(): string {
  const section = page.slice(page.indexOf('\n## scaffold.yaml\n'));
  const block = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the docs page has no scaffold.yaml example under "## scaffold.yaml"');
  return block;
}

/** The template files the example's includes name (before `->` and `?`), each a line of Liquid. */
function filesFor(yaml: string): Record<string, string> {
  const sources = [...yaml.matchAll(/^\s+- ([^\s>]+?)(?:->|\?|$)/gm)]
    .map((match) => match[1] ?? '')
    .filter((path) => path.includes('.'));
  return Object.fromEntries(
    sources.map((path) => [`${path}.liquid`, `// {{ packageName }}{{ serviceName }} from ${path}\n`]),
  );
}

/** The JSON Schema keywords a variable of the example may use. */
const SCHEMA_KEYWORDS = new Set([
  'type',
  'description',
  'default',
  'enum',
  'minLength',
  'maxLength',
  'pattern',
]);

const fixture = useOrganizationFixture();
const { call } = fixture;

describe('the scaffold.yaml example on the docs page', () => {
  it('saves, and renders its boilerplate and feature as the page says', async () => {
    const scaffoldYaml = scaffoldExample();
    const files = filesFor(scaffoldYaml);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(4);
    const saved = await call(fixture.owner, 'POST', '/api/v1/templates', {
      name: 'docs-example',
      scaffoldYaml,
      files,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    // Every variable reads as the page means it: a comma left unquoted in a flow mapping would split a
    // description and make its second half a key of its own.
    const listed = await call(fixture.member, 'GET', '/api/v1/templates');
    const example = listed.body.items.find((item: Json) => item.name === 'docs-example');
    for (const method of [...example.boilerplates, ...example.features]) {
      for (const [variable, schema] of Object.entries(method.variablesSchema.properties as Json)) {
        const unknown = Object.keys(schema as Json).filter((key) => !SCHEMA_KEYWORDS.has(key));
        expect(unknown, `${method.name}.${variable}`).toEqual([]);
      }
    }
    expect(example.features[0].variablesSchema.properties.serviceName.description).toBe(
      'The service, e.g. billing',
    );

    const preview = (method: string, variables: Json) =>
      call(fixture.member, 'POST', '/api/v1/templates/docs-example/preview', { method, variables });
    const library = await preview('scaffold-typescript-lib', { packageName: 'Billing Core' });
    expect(library.status, JSON.stringify(library.body)).toBe(200);
    expect(library.body.files.map((file: Json) => file.path)).toEqual([
      'packages/billing-core/package.json',
      'packages/billing-core/vitest.config.ts',
    ]);
    expect(library.body.instruction).toBe('Run pnpm install in packages/billing-core.');

    // The page's CLI lines: without withTests the service alone, with it its test too.
    const service = await preview('scaffold-service', { serviceName: 'billing' });
    expect(service.status, JSON.stringify(service.body)).toBe(200);
    expect(service.body.files.map((file: Json) => file.path)).toEqual(['src/services/BillingService.ts']);
    expect(service.body.files[0].content).toBe('// billing from src/services/Example.ts\n');
    const tested = await preview('scaffold-service', { serviceName: 'billing', withTests: true });
    expect(tested.body.files.map((file: Json) => file.path)).toEqual([
      'src/services/BillingService.ts',
      'tests/billing.test.ts',
    ]);
    const missing = await preview('scaffold-service', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('"serviceName" is required.');
  });
});
