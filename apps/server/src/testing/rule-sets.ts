import type { Person } from './auth-agent';
import type { TestServer } from './harness';
import { type Json, send } from './projects';

/** architect.yaml in AgiFlow's format: one design pattern for the routes. */
export const ARCHITECT_YAML = `features:
  - name: thin-routes
    design_pattern: Thin HTTP routes
    includes: [src/routes/**/*.ts]
    description: |-
      Routes parse input and call the domain; they never query the database.
`;

/**
 * RULES.yaml in AgiFlow's format with our checks: a routes rule with `!` excludes that inherits a base
 * rule for every other file (the first rule whose globs match wins, so the specific one comes first),
 * and one check of each kind (forbid, require, forbidImport) at each default severity.
 */
export const RULES_YAML = `version: "1"
template: backend
description: How the backend is built
rules:
  - pattern: routes
    description: HTTP routes
    globs: ["src/routes/**/*.ts", "!src/routes/**/*.test.ts"]
    inherits: [base]
    must_do:
      - rule: Export the routes from a function named ...Routes
        check:
          require: "export function \\\\w+Routes"
    should_do:
      - rule: Keep handlers thin, without queries
        check:
          forbid: "db\\\\.select"
      - rule: Name handlers after what they do
    must_not_do:
      - rule: No database driver in routes
        check:
          forbidImport: [pg, "../**/db/*"]
  - pattern: base
    description: Every TypeScript file
    globs: ["**/*.ts"]
    must_not_do:
      - rule: No console.log in committed code
        check:
          forbid: "console\\\\.log"
        severity: LOW
`;

/** A route file that keeps every checked rule. */
export const CLEAN_ROUTE = `import { listUsers } from '../domain/users';

export function userRoutes() {
  return { list: () => listUsers() };
}
`;

/** The same route importing the database driver: a HIGH finding. */
export const ROUTE_WITH_DRIVER = `import { Pool } from 'pg';

export function userRoutes() {
  return { list: () => new Pool().query('select 1') };
}
`;

/** The same route querying in a handler: a MEDIUM finding only. */
export const ROUTE_WITH_QUERY = `import { db } from '../domain/users';

export function userRoutes() {
  return { list: () => db.select() };
}
`;

/** Creates a rule set from the two files above as `person` (an owner or admin). */
export async function createTestRuleSet(server: TestServer, person: Person, name = 'backend'): Promise<Json> {
  const created = await send(server, person, 'POST', '/api/v1/rule-sets', {
    name,
    architectYaml: ARCHITECT_YAML,
    rulesYaml: RULES_YAML,
  });
  if (created.status !== 201)
    throw new Error(`rule set ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Makes the project use the rule set (owner or admin). */
export async function useRuleSet(
  server: TestServer,
  person: Person,
  projectId: string,
  ruleSet: string | null,
) {
  const project = await send(server, person, 'GET', `/api/v1/projects/${projectId}`);
  const updated = await send(server, person, 'PATCH', `/api/v1/projects/${projectId}`, {
    version: project.body.version,
    ruleSet,
  });
  if (updated.status !== 200) throw new Error(`ruleSet: ${updated.status} ${JSON.stringify(updated.body)}`);
  return updated.body;
}
