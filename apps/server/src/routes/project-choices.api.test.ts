import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signUp } from '../testing/auth-agent';
import { selectedTestDatabase, serverForFile, type TestServer } from '../testing/harness';
import { createProject, type Json, send } from '../testing/projects';
import { createTestRuleSet } from '../testing/rule-sets';
import { createTestTemplate } from '../testing/templates';

// Dialect-sensitive: a rule set or template is deleted while a project update chooses it; on
// PostgreSQL the two transactions really overlap.

let server: TestServer;
let releaseServer: (() => Promise<void>) | undefined;
let ada: Person;

beforeAll(async () => {
  ({ server, release: releaseServer } = await serverForFile());
  ada = await signUp(server, 'Ada');
});

afterAll(async () => {
  await releaseServer?.();
});

/** Each thing a project chooses by name: how to make one, its table, and the code when it is gone. */
const CHOICES = [
  { field: 'template', table: 'template', code: 'TEMPLATE_NOT_FOUND', create: createTestTemplate },
  { field: 'ruleSet', table: 'rule_set', code: 'RULE_SET_NOT_FOUND', create: createTestRuleSet },
] as const;

let projects = 0;
/** A fresh project of Ada's, under a key no other test of this file uses. */
async function freshProject() {
  projects += 1;
  const key = `CH${String.fromCharCode(64 + projects)}`;
  return createProject(server, ada, key);
}

async function choose(projectId: string, field: string, name: string) {
  const current = await send(server, ada, 'GET', `/api/v1/projects/${projectId}`);
  return send(server, ada, 'PATCH', `/api/v1/projects/${projectId}`, {
    version: current.body.version,
    [field]: name,
  });
}

/** Waits until some connection to the server's database waits on a row lock another one holds. */
async function untilSomeoneWaits(client: pg.Client): Promise<void> {
  for (;;) {
    const waiting = await client.query(
      `select 1 from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (waiting.rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(CHOICES)('choosing a $field that was deleted', ({ field, table, code, create }) => {
  it(`answers 404 ${code}, and the project keeps its choice`, async () => {
    const project = await freshProject();
    const kept = (await create(server, ada, `${field.toLowerCase()}-kept`)) as Json;
    const gone = (await create(server, ada, `${field.toLowerCase()}-gone`)) as Json;
    expect((await choose(project.id, field, kept.name)).status).toBe(200);
    const path = field === 'template' ? 'templates' : 'rule-sets';
    expect((await send(server, ada, 'DELETE', `/api/v1/${path}/${gone.name}`)).status).toBe(200);

    const refused = await choose(project.id, field, gone.name);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe(code);
    const after = await send(server, ada, 'GET', `/api/v1/projects/${project.id}`);
    expect(after.body[field]).toBe(kept.name);
  });

  // On PGlite writers never overlap, so a deletion cannot land between the look-up and the write.
  it.runIf(selectedTestDatabase() === 'postgres')(
    `answers 404 ${code} when the deletion commits while the update waits on it`,
    async () => {
      const project = await freshProject();
      const racing = (await create(server, ada, `${field.toLowerCase()}-racing`)) as Json;
      const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(`delete from ${table} where id = $1`, [racing.id]);
        const update = choose(project.id, field, racing.name);
        await untilSomeoneWaits(client);
        await client.query('commit');
        const refused = await update;
        expect(refused.status).toBe(404);
        expect(refused.body.error.code).toBe(code);
      } finally {
        await client.end();
      }
    },
  );
});
