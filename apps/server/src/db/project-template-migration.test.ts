import { describe, expect, it } from 'vitest';
import { useMigration } from '../testing/migrations';

/** Projects named their template; the migration points them at the template with that name instead. */
describe('the migration to project.template_id', () => {
  const db = useMigration(
    'project_template_id',
    `
      insert into organization (id, name, slug) values ('org-a', 'A', 'a'), ('org-b', 'B', 'b');
      insert into template (id, organization_id, name, scaffold_yaml, files, updated_by) values
        ('tpl-a', 'org-a', 'backend', '', '{}', 'ada'),
        ('tpl-b', 'org-b', 'backend', '', '{}', 'bob');
      insert into project (id, organization_id, key, name, template) values
        ('p-uses', 'org-a', 'USE', 'Uses', 'backend'),
        ('p-none', 'org-a', 'NON', 'None', null),
        ('p-gone', 'org-a', 'GON', 'Gone', 'deleted-long-ago'),
        ('p-other', 'org-b', 'OTH', 'Other', 'backend');
    `,
  );

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
