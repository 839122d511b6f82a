import { describe, expect, it } from 'vitest';
import { useMigration } from '../testing/migrations';

/** An accepted plan item kept what it became as its "reference"; it is now its key, values kept. */
describe('the migration to plan_item.accepted_key', () => {
  const db = useMigration(
    'plan_item_accepted_key',
    `
      insert into organization (id, name, slug) values ('org-a', 'A', 'a');
      insert into project (id, organization_id, key, name) values ('p-a', 'org-a', 'SWB', 'Switchboard');
      insert into plan (id, organization_id, project_id, title, author_type, author_name)
        values ('plan-a', 'org-a', 'p-a', 'Search', 'user', 'Ada');
      insert into plan_item (plan_id, revision, key, kind, title, accepted_as, accepted_reference, position) values
        ('plan-a', 1, 'W1', 'work_unit', 'Indexing', 'unit-1', 'SWB-WU-1', 0),
        ('plan-a', 1, 'T1', 'task', 'Index tasks', 'task-1', 'SWB-12', 1),
        ('plan-a', 1, 'T2', 'task', 'Not yet', null, null, 2);
    `,
  );

  it('carries each accepted item over with what it became, and leaves the others unaccepted', async () => {
    const { rows } = await db.query<{ key: string; accepted_as: string | null; accepted_key: string | null }>(
      'select key, accepted_as, accepted_key from plan_item order by position',
    );
    expect(rows).toEqual([
      { key: 'W1', accepted_as: 'unit-1', accepted_key: 'SWB-WU-1' },
      { key: 'T1', accepted_as: 'task-1', accepted_key: 'SWB-12' },
      { key: 'T2', accepted_as: null, accepted_key: null },
    ]);
  });
});
