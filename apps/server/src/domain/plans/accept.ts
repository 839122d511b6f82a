import type { AcceptPlan, PlanAcceptance } from '@switchboard/api-client/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { agentProfile, member, plan, planItem } from '../../db/schema';
import type { ActingContext } from '../actor';
import { runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { AssigneeColumns } from '../people/assignees';
import type { DomainServices } from '../services';
import { type Batch, createTasks, createWorkUnits } from './accept-batch';
import { isClosed, requirePerson } from './lifecycle';
import { findPlan, itemRowsOf, viewPlan } from './reads';
import { type PlanItemRow, toPlanSummary } from './rows';

/** An item that cannot be accepted without others the caller left out. */
export interface RefusedItem {
  key: string;
  /** Its work unit, when that is neither accepted nor chosen. */
  parent?: string;
  /** Its dependencies that are neither accepted nor chosen. */
  dependsOn: string[];
}

export interface AcceptanceSelection {
  /** Chosen and not yet accepted, in the plan's order. */
  toAccept: PlanItemRow[];
  /** Chosen but accepted before. */
  skipped: string[];
  refused: RefusedItem[];
}

/**
 * Which of the chosen items to create. An item needs its work unit and its dependencies accepted
 * before or chosen with it: a task cannot land in a work unit that does not exist, nor wait for work
 * nobody planned. Items accepted before are skipped, so accepting twice changes nothing.
 */
export function selectForAcceptance(
  items: readonly PlanItemRow[],
  chosen: readonly string[] | undefined,
): AcceptanceSelection {
  const chosenKeys = new Set(chosen ?? items.map((item) => item.key));
  const picked = items.filter((item) => chosenKeys.has(item.key));
  const skipped = picked.filter((item) => item.acceptedAs !== null).map((item) => item.key);
  const toAccept = picked.filter((item) => item.acceptedAs === null);
  const willExist = new Set([
    ...items.filter((item) => item.acceptedAs !== null).map((item) => item.key),
    ...toAccept.map((item) => item.key),
  ]);
  const refused = toAccept.flatMap((item): RefusedItem[] => {
    const parent = item.parentKey && !willExist.has(item.parentKey) ? item.parentKey : undefined;
    const dependsOn = item.dependsOn.filter((key) => !willExist.has(key));
    return parent || dependsOn.length > 0
      ? [{ key: item.key, ...(parent ? { parent } : {}), dependsOn }]
      : [];
  });
  return { toAccept, skipped, refused };
}

function describeRefusal(refused: RefusedItem): string {
  const needs = [
    ...(refused.parent ? [`its work unit ${refused.parent}`] : []),
    ...(refused.dependsOn.length ? [`${refused.dependsOn.join(', ')}, which it depends on`] : []),
  ];
  return `${refused.key} needs ${needs.join(' and ')}`;
}

/**
 * The tasks each item stands for when something depends on it: a task is itself, a work unit all the
 * tasks inside it (however deep). A task waits for these, and for what its work units wait for.
 */
function blockingTasks(items: readonly PlanItemRow[]) {
  const children = new Map<string, PlanItemRow[]>();
  for (const item of items) {
    if (item.parentKey) children.set(item.parentKey, [...(children.get(item.parentKey) ?? []), item]);
  }
  const byKey = new Map(items.map((item) => [item.key, item]));
  const tasksUnder = (key: string, seen = new Set<string>()): string[] => {
    const item = byKey.get(key);
    if (!item || seen.has(key)) return [];
    seen.add(key);
    if (item.kind === 'task') return [key];
    return (children.get(key) ?? []).flatMap((child) => tasksUnder(child.key, seen));
  };
  return (task: PlanItemRow): string[] => {
    const waits = new Set<string>();
    for (
      let at: PlanItemRow | undefined = task;
      at;
      at = at.parentKey ? byKey.get(at.parentKey) : undefined
    ) {
      for (const key of at.dependsOn) for (const blocker of tasksUnder(key)) waits.add(blocker);
    }
    waits.delete(task.key);
    return [...waits];
  };
}

/** Work units parents first; tasks after what they wait for (the plan has no cycles: checked on write). */
function creationOrder(toAccept: readonly PlanItemRow[], waitsFor: (task: PlanItemRow) => string[]) {
  const units = toAccept.filter((item) => item.kind === 'work_unit');
  const depth = (item: PlanItemRow): number => {
    let levels = 0;
    const byKey = new Map(units.map((unit) => [unit.key, unit]));
    for (
      let up = item.parentKey;
      up && byKey.has(up) && levels < units.length;
      up = byKey.get(up)?.parentKey ?? null
    )
      levels += 1;
    return levels;
  };
  const orderedUnits = [...units].sort((a, b) => depth(a) - depth(b) || a.position - b.position);
  const tasks = toAccept.filter((item) => item.kind === 'task');
  const pending = new Map(tasks.map((item) => [item.key, item]));
  const orderedTasks: PlanItemRow[] = [];
  const visit = (item: PlanItemRow, trail: Set<string>) => {
    if (!pending.has(item.key) || trail.has(item.key)) return;
    trail.add(item.key);
    for (const key of waitsFor(item)) {
      const blocker = pending.get(key);
      if (blocker) visit(blocker, trail);
    }
    pending.delete(item.key);
    orderedTasks.push(item);
  };
  for (const item of tasks) visit(item, new Set());
  return { units: orderedUnits, tasks: orderedTasks };
}

interface LiveAssignees {
  agents: Set<string>;
  people: Set<string>;
}

/**
 * Assignees that still name someone: agent profiles by name, members by id; anyone else is left out.
 * The profiles are share-locked, as assigning one singly does, so a concurrent deletion waits for this
 * change and then unassigns its tasks too.
 */
async function liveAssignees(
  tx: Transaction,
  organizationId: string,
  items: readonly PlanItemRow[],
): Promise<LiveAssignees> {
  const agentNames = [...new Set(items.flatMap((item) => (item.assignee ? [item.assignee] : [])))];
  const userIds = [...new Set(items.flatMap((item) => (item.assigneeUserId ? [item.assigneeUserId] : [])))];
  const [agents, people] = await Promise.all([
    agentNames.length
      ? tx
          .select({ name: agentProfile.name })
          .from(agentProfile)
          .where(and(eq(agentProfile.organizationId, organizationId), inArray(agentProfile.name, agentNames)))
          .for('share')
      : [],
    userIds.length
      ? tx
          .select({ userId: member.userId })
          .from(member)
          .where(and(eq(member.organizationId, organizationId), inArray(member.userId, userIds)))
      : [],
  ]);
  return {
    agents: new Set(agents.map((row) => row.name)),
    people: new Set(people.map((row) => row.userId)),
  };
}

/**
 * The assignee columns of a planned task: the agent when the plan names a live one, else the person
 * when they are still a member, else nobody (a plan may name someone who left or never existed).
 */
function plannedAssignees(item: PlanItemRow, live: LiveAssignees): AssigneeColumns {
  if (item.assignee && live.agents.has(item.assignee))
    return { assignee: item.assignee, assigneeUserId: null };
  if (item.assigneeUserId && live.people.has(item.assigneeUserId)) {
    return { assigneeUserId: item.assigneeUserId, assignee: null };
  }
  return {};
}

/**
 * Writes what each item became in one statement (the list travels as one JSON parameter), and answers
 * the items as they now read: the plan row is locked, so nobody else changed them meanwhile.
 */
async function recordAcceptedAs(
  tx: Transaction,
  planId: string,
  revision: number,
  items: readonly PlanItemRow[],
  created: PlanAcceptance['created'],
): Promise<PlanItemRow[]> {
  await tx.execute(sql`
    update ${planItem} set accepted_as = made.id, accepted_key = made.reference
    from jsonb_to_recordset(${JSON.stringify(created)}::jsonb) as made(key text, id text, reference text)
    where ${planItem.planId} = ${planId} and ${planItem.revision} = ${revision} and ${planItem.key} = made.key`);
  const became = new Map(created.map((entry) => [entry.key, entry]));
  return items.map((item) => {
    const made = became.get(item.key);
    return made ? { ...item, acceptedAs: made.id, acceptedKey: made.reference } : item;
  });
}

/** The chosen items that can be accepted; refuses keys the plan lacks and items that need others left out. */
function chosenSelection(items: readonly PlanItemRow[], chosen: AcceptPlan['items']): AcceptanceSelection {
  const unknown = (chosen ?? []).filter((key) => !items.some((item) => item.key === key));
  if (unknown.length > 0) {
    const message = `this plan has no item ${unknown.join(', ')}`;
    throw new AppError('VALIDATION_FAILED', `items: ${message}`, [
      { code: 'custom', path: ['items'], message },
    ]);
  }
  const selection = selectForAcceptance(items, chosen);
  if (selection.refused.length > 0) {
    throw new AppError(
      'PLAN_ITEMS_REFUSED',
      `Nothing was accepted: ${selection.refused.map(describeRefusal).join('; ')}. Choose those too, or leave these out.`,
      { refused: selection.refused },
    );
  }
  return selection;
}

/**
 * Creates the work units, then the tasks, of the items to accept, each linking back to its plan item;
 * answers what each item became.
 */
async function createPlannedItems(
  batch: Batch,
  planId: string,
  items: readonly PlanItemRow[],
  toAccept: readonly PlanItemRow[],
): Promise<PlanAcceptance['created']> {
  const waitsFor = blockingTasks(items);
  const order = creationOrder(toAccept, waitsFor);
  const live = await liveAssignees(batch.tx, batch.context.organizationId, toAccept);
  const linkBack = (key: string) => ({ plan: { planId, key } });
  const units = await createWorkUnits(
    batch,
    order.units.map((item) => ({
      key: item.key,
      parentKey: item.parentKey,
      input: {
        title: item.title,
        description: item.description,
        type: items.some((other) => other.parentKey === item.key && other.kind === 'work_unit')
          ? 'epic'
          : 'feature',
        ...(item.priority ? { priority: item.priority } : {}),
        ...(item.estimateHours !== null ? { estimatedEffort: item.estimateHours } : {}),
        devInfo: linkBack(item.key),
      },
    })),
  );
  const tasks = await createTasks(
    batch,
    order.tasks.map((item) => ({
      key: item.key,
      parentKey: item.parentKey,
      waitsFor: waitsFor(item),
      assignees: plannedAssignees(item, live),
      input: {
        title: item.title,
        description: item.description,
        acceptanceCriteria: item.acceptanceCriteria.map((text) => ({ text, checked: false })),
        ...(item.priority ? { priority: item.priority } : {}),
        devInfo: {
          ...linkBack(item.key),
          ...(item.estimateHours !== null ? { estimateHours: item.estimateHours } : {}),
        },
      },
    })),
  );
  return [
    ...units.map(({ key, row }) => ({ key, kind: 'work_unit' as const, id: row.id, reference: row.slug })),
    ...tasks.map(({ key, row }) => ({ key, kind: 'task' as const, id: row.id, reference: row.key })),
  ];
}

/**
 * The plan after its items were created: accepted when every item now is, else partially accepted,
 * and the activity that says how far it got. Answers the plan's row and its items as they now read.
 */
async function markAccepted(
  { tx, record, now }: Pick<Batch, 'tx' | 'record' | 'now'>,
  current: { id: string; revision: number; version: number },
  items: readonly PlanItemRow[],
  created: PlanAcceptance['created'],
  skipped: string[],
) {
  const after = await recordAcceptedAs(tx, current.id, current.revision, items, created);
  const everything = after.every((item) => item.acceptedAs !== null);
  const [row] = await tx
    .update(plan)
    .set({
      status: everything ? 'accepted' : 'partially_accepted',
      version: current.version + 1,
      updatedAt: now,
    })
    .where(eq(plan.id, current.id))
    .returning();
  if (!row) throw new Error('plan update returned nothing');
  const acceptedCount = after.filter((item) => item.acceptedAs !== null).length;
  await record({
    projectId: row.projectId,
    entity: 'plan',
    entityId: row.id,
    action: 'plan.accepted',
    summary: `accepted ${created.length} item${created.length === 1 ? '' : 's'} of plan "${row.title}"${everything ? '' : ` (${acceptedCount} of ${after.length} so far)`}`,
    data: {
      version: row.version,
      plan: toPlanSummary(row, { items: after.length, accepted: acceptedCount }),
      created,
      skipped,
    },
  });
  return { row, after };
}

/**
 * Accepts all of a plan's items, or the chosen ones, as one change: the work units (nested as planned),
 * the tasks (in their work units, blocked by what they depend on, assigned as planned when that names
 * someone) and the plan's record of what each item became. Every task and work unit is built and
 * recorded by the same functions as one created by hand, in a few multi-row statements rather than a
 * dozen per item, and carries devInfo.plan = { planId, key } to link back.
 */
export async function acceptPlan(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  input: AcceptPlan,
): Promise<PlanAcceptance> {
  await findPlan(services.db, context, planId);
  requirePerson(context, 'accept');
  return runChange(services, context, async (tx, record, now) => {
    const current = await findPlan(tx, context, planId, { lock: true });
    if (current.status === 'rejected' || current.status === 'superseded') {
      throw new AppError('PLAN_CLOSED', `This plan is ${current.status}; nothing in it can be accepted.`);
    }
    const items = await itemRowsOf(tx, planId, current.revision);
    const selection = chosenSelection(items, input.items);
    if (selection.toAccept.length === 0 || isClosed(current.status)) {
      return {
        plan: await viewPlan(tx, current, current.revision, items),
        created: [],
        skipped: selection.skipped,
      };
    }
    const acceptedBefore = new Map(
      items.flatMap((item) => (item.acceptedAs ? [[item.key, item.acceptedAs] as const] : [])),
    );
    const batch: Batch = {
      tx,
      record,
      now,
      context,
      projectId: current.projectId,
      acceptedBefore,
      made: new Map(acceptedBefore),
    };
    const created = await createPlannedItems(batch, planId, items, selection.toAccept);
    const { row, after } = await markAccepted(batch, current, items, created, selection.skipped);
    return { plan: await viewPlan(tx, row, row.revision, after), created, skipped: selection.skipped };
  });
}
