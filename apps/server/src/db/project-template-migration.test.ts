import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../locations';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const tags = journal.entries.map((entry) => entry.tag);
const target = tags.findIndex((tag) => tag.endsWith('_project_template_id'));

async function apply(db: PGlite, tag: string) {
  const sql = readFileSync(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) await db.exec(statement);
}

/** Projects named their template; the migration points them at the template with that name instead. */
describe('the migration to project.template_id', () => {
  const db = new PGlite();

  beforeAll(async () => {
    for (const tag of tags.slice(0, target)) await apply(db, tag);
    await db.exec(`
      insert into organization (id, name, slug) values ('org-a', 'A', 'a'), ('org-b', 'B', 'b');
      insert into template (id, organization_id, name, scaffold_yaml, files, updated_by) values
        ('tpl-a', 'org-a', 'backend', '', '{}', 'ada'),
        ('tpl-b', 'org-b', 'backend', '', '{}', 'bob');
      insert into project (id, organization_id, key, name, template) values
        ('p-uses', 'org-a', 'USE', 'Uses', 'backend'),
        ('p-none', 'org-a', 'NON', 'None', null),
        ('p-gone', 'org-a', 'GON', 'Gone', 'deleted-long-ago'),
        ('p-other', 'org-b', 'OTH', 'Other', 'backend');
    `);
    await apply(db, tags[target] as string);
    // Twenty-odd migrations on an in-memory database: seconds, more on a loaded machine.
  }, 120_000);
  afterAll(() => db.close());

  it('is in the journal', () => {
    expect(target).toBeGreaterThan(0);
  });

  it("points each project at its own organization's template of that name, and at none otherwise", async () => {
    const { rows } = await db.query<{ id: string; template_id: string | null }>(
      'select id, template_id from project order by id',
    );
    expect(rows).toEqual([
      { id: 'p-gone', template_id: null },
      { id: 'p-none', template_id: null },
      { id: 'p-other', template_id: 'tpl-b' },
      { id: 'p-uses', template_id: 'tpl-a' },
    ]);
  });

  it('clears the choice when the template is deleted', async () => {
    await db.exec(`delete from template where id = 'tpl-a'`);
    const { rows } = await db.query<{ template_id: string | null }>(
      `select template_id from project where id = 'p-uses'`,
    );
    expect(rows).toEqual([{ template_id: null }]);
  });
});
