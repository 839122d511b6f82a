import type { CreateTask, CreateWorkUnit } from '@switchboard/api-client/contract';
import { task, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import { insertRows } from '../bulk-insert';
import type { RecordChange, Transaction } from '../changes';
import { allocateNumbers } from '../numbers';
import { appendedPositions } from '../ordering';
import type { AssigneeColumns } from '../people/assignees';
import { notifyAssigned } from '../people/notifications';
import { labelsOfTasks } from '../tasks/label-reads';
import { endOfStatusColumn, resolveBlockers } from '../tasks/task-references';
import { newTaskRow, taskCreation } from '../tasks/tasks';
import { defaultStatus, type TaskRow } from '../tasks/views';
import { assertDatesInOrder } from '../work-units/rules';
import { findWorkUnitInProject, viewWorkUnits, type WorkUnitRow } from '../work-units/views';
import { newWorkUnitRow, startWorkUnitIfPlanning, workUnitCreation } from '../work-units/work-units';

/**
 * Creating many work units and tasks of one project as one step of a change, with the rules of
 * createWorkUnitWithin and createTaskWithin (the row each inserts, the change each records come from
 * the same functions) but a fixed number of statements however many there are: numbers allocated in
 * one counter update, rows written in multi-row inserts, each check made once for all of them.
 */

/** The inserted rows in the order of the values given (the statement answers them in any order). */
async function insertInOrder<Table extends typeof task | typeof workUnit>(
  tx: Transaction,
  table: Table,
  values: Table['$inferInsert'][],
): Promise<Table['$inferSelect'][]> {
  const byId = new Map((await insertRows(tx, table, values)).map((row) => [row.id, row]));
  return values.map((value) => {
    const row = byId.get(value.id as string);
    if (!row) throw new Error(`a row inserted as ${value.id} did not come back`);
    return row;
  });
}

export interface Batch {
  tx: Transaction;
  record: RecordChange;
  /** The change's time. */
  now: Date;
  context: ActingContext;
  projectId: string;
  /** Plan keys accepted by an earlier change, and what they became then. */
  acceptedBefore: ReadonlyMap<string, string>;
  /** Plan keys and their ids: those accepted before, then each item as this change gives it its id. */
  made: Map<string, string>;
}

/** What an earlier acceptance made must still be there: a unit deleted since is not found. */
async function checkEarlierUnits(batch: Batch, parentKeys: Iterable<string | null>): Promise<void> {
  const ids = new Set([...parentKeys].flatMap((key) => (key ? (batch.acceptedBefore.get(key) ?? []) : [])));
  for (const id of ids) await findWorkUnitInProject(batch.tx, batch.projectId, id);
}

export interface PlannedWorkUnit {
  key: string;
  /** The plan key of its enclosing unit, created earlier in the batch or accepted before. */
  parentKey: string | null;
  input: Omit<CreateWorkUnit, 'parentWorkUnitId' | 'ownerId'>;
}

/** Work units in the order given, parents before their children; answers each row by its plan key. */
export async function createWorkUnits(
  batch: Batch,
  planned: readonly PlannedWorkUnit[],
): Promise<{ key: string; row: WorkUnitRow }[]> {
  if (planned.length === 0) return [];
  for (const { input } of planned) assertDatesInOrder(input.startDate, input.targetDate);
  const { tx, context, projectId, made } = batch;
  const { projectKey, first } = await allocateNumbers(tx, context, projectId, 'workUnit', planned.length);
  await checkEarlierUnits(
    batch,
    planned.map((unit) => unit.parentKey),
  );
  const values = planned.map(({ key, parentKey, input }, index) => {
    const row = newWorkUnitRow(projectId, input, {
      projectKey,
      number: first + index,
      parentWorkUnitId: parentKey ? (made.get(parentKey) ?? null) : null,
      ownerId: undefined,
      now: batch.now,
    });
    made.set(key, row.id as string);
    return row;
  });
  const ordered: WorkUnitRow[] = await insertInOrder(tx, workUnit, values);
  // Viewed before any task is added, as each unit is when created alone: no tasks, its depth as nested.
  const views = await viewWorkUnits(tx, projectId, ordered);
  for (const [index, row] of ordered.entries()) {
    const view = views[index];
    if (view) await batch.record(workUnitCreation(row, view));
  }
  return ordered.map((row, index) => ({ key: planned[index]?.key ?? '', row }));
}

export interface PlannedTask {
  key: string;
  /** The plan key of its work unit, created earlier in the batch or accepted before. */
  parentKey: string | null;
  /** Plan keys of the tasks it waits for; those not made yet are left out, so no cycle can form. */
  waitsFor: readonly string[];
  /** Vetted by the caller: an agent profile or a member of this organization, never both. */
  assignees: AssigneeColumns;
  input: Omit<CreateTask, 'workUnitId' | 'blockedBy' | 'statusId' | 'position' | 'labelIds'>;
}

/**
 * Tasks in the order given (each after those it waits for), at the end of the project's default
 * column one after another, as creating them one by one places them.
 */
export async function createTasks(
  batch: Batch,
  planned: readonly PlannedTask[],
): Promise<{ key: string; row: TaskRow }[]> {
  if (planned.length === 0) return [];
  const { tx, context, projectId, made } = batch;
  const { projectKey, first } = await allocateNumbers(tx, context, projectId, 'task', planned.length);
  const column = await defaultStatus(tx, projectId);
  const positions = appendedPositions(await endOfStatusColumn(tx, projectId, column.id), planned.length);
  await checkEarlierUnits(
    batch,
    planned.map((item) => item.parentKey),
  );
  // Tasks accepted before must still be tasks of this project: one check for all of them.
  const earlierBlockers = [
    ...new Set(
      planned.flatMap(({ waitsFor }) => waitsFor.flatMap((key) => batch.acceptedBefore.get(key) ?? [])),
    ),
  ];
  await resolveBlockers(tx, { id: projectId, key: projectKey }, earlierBlockers, null);

  const values = planned.map(({ key, parentKey, waitsFor, assignees, input }, index) => {
    const row = newTaskRow(context, projectId, input, {
      assignees,
      projectKey,
      number: first + index,
      statusId: column.id,
      workUnitId: parentKey ? (made.get(parentKey) ?? null) : null,
      position: positions[index] ?? 0,
      blockedBy: waitsFor.flatMap((blocker) => made.get(blocker) ?? []),
      now: batch.now,
    });
    made.set(key, row.id as string);
    return row;
  });
  const ordered: TaskRow[] = await insertInOrder(tx, task, values);
  const labels = await labelsOfTasks(
    tx,
    ordered.map((row) => row.id),
  );
  const started = new Set<string>();
  for (const row of ordered) {
    // A person is told of each task handed to them, one entry per task as when created singly.
    if (row.assigneeUserId) await notifyAssigned(tx, context, batch.now, null, row);
    await batch.record(taskCreation(row, labels.get(row.id) ?? []).change);
    // A default column of the in-progress kind starts each planning unit its first task lands in.
    if (row.workUnitId && column.category === 'in_progress' && !started.has(row.workUnitId)) {
      started.add(row.workUnitId);
      await startWorkUnitIfPlanning(tx, batch.record, batch.now, row.workUnitId, row.key);
    }
  }
  return ordered.map((row, index) => ({ key: planned[index]?.key ?? '', row }));
}
