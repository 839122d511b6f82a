import type { Person } from './auth-agent';
import type { TestServer } from './harness';
import { send } from './projects';

/** A template as the API takes it: a boilerplate and a feature, a `.liquid` file and a plain one. */
export const SERVICE_SCAFFOLD_YAML = `boilerplate:
  - name: node-lib
    description: A TypeScript library package
    targetFolder: packages
    variables_schema:
      type: object
      properties:
        packageName: {type: string, minLength: 1}
        withTests: {type: boolean, default: true}
      required: [packageName]
    includes:
      - package.json->{{ packageName | kebabCase }}/package.json
      - vitest.config.ts->{{ packageName | kebabCase }}/vitest.config.ts?withTests=true
    instruction: Run pnpm install in packages/{{ packageName | kebabCase }}.
features:
  - name: service
    description: A service class
    variables_schema:
      type: object
      properties:
        serviceName: {type: string}
        folder: {type: string, default: src/services}
      required: [serviceName]
    includes:
      - Example.ts->{{ folder }}/{{ serviceName | pascalCase }}Service.ts
    patterns: [src/services/**/*.ts]
`;

export const SERVICE_FILES: Record<string, string> = {
  'package.json.liquid': '{ "name": "@acme/{{ packageName | kebabCase }}" }\n',
  'vitest.config.ts': 'export default {};\n',
  'Example.ts.liquid': 'export class {{ serviceName | pascalCase }}Service {}\n',
};

/** Creates the service template under `name` as `person` (an owner or admin). */
export async function createTestTemplate(server: TestServer, person: Person, name: string) {
  const created = await send(server, person, 'POST', '/api/v1/templates', {
    name,
    scaffoldYaml: SERVICE_SCAFFOLD_YAML,
    files: SERVICE_FILES,
  });
  if (created.status !== 201)
    throw new Error(`template ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}
