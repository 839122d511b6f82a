import {
  type CreateLabel,
  createLabelSchema,
  LABELS_PER_ORGANIZATION,
  type Label,
  type TaskLabel,
  type UpdateLabel,
  updateLabelSchema,
} from '@switchboard/api-client/contract';
import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { label, organization, task, taskLabel } from '../../db/schema';
import type { ActingContext } from '../actor';
import { madeAt, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { requireSettingsWriter } from '../settings-writers';
import { nameTaken, type UniqueNames, withNameGuard } from '../unique-names';
import { versionConflict } from '../versioning';
import { labelsByName, labelsOfTasks } from './label-reads';

type Executor = Database | Transaction;
export type LabelRow = typeof label.$inferSelect;

/**
 * Labels are the organization's shared vocabulary, so creating, renaming and deleting them follows the
 * role table (organization:update: owners and admins); every member and agent puts them on tasks.
 */
export function requireLabelWriter(role: string): void {
  requireSettingsWriter(role, 'create, change or delete labels');
}

export function toLabel(row: LabelRow): Label {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTaskLabel(row: Pick<LabelRow, 'id' | 'name' | 'color'>): TaskLabel {
  return { id: row.id, name: row.name, color: row.color };
}

const byName = labelsByName;

export async function listLabels(db: Executor, context: ActingContext): Promise<LabelRow[]> {
  return db
    .select()
    .from(label)
    .where(eq(label.organizationId, context.organizationId))
    .orderBy(...byName);
}

/** A label of the caller's organization by id; anything else is LABEL_NOT_FOUND. */
export async function findLabel(
  db: Executor,
  context: ActingContext,
  labelId: string,
  options: { lock?: boolean } = {},
): Promise<LabelRow> {
  const query = db
    .select()
    .from(label)
    .where(and(eq(label.id, labelId), eq(label.organizationId, context.organizationId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('LABEL_NOT_FOUND', `There is no label ${labelId} in this organization.`);
  return row;
}

const LABEL_NAMES: UniqueNames = { code: 'LABEL_NAME_TAKEN', thing: 'label', scope: 'organization' };

async function refuseTakenName(tx: Transaction, context: ActingContext, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: label.id, name: label.name })
    .from(label)
    .where(and(eq(label.organizationId, context.organizationId), sql`lower(${label.name}) = lower(${name})`))
    .limit(1);
  if (taken && taken.id !== except) throw nameTaken(LABEL_NAMES, taken.name);
}

export async function createLabel(
  services: DomainServices,
  context: ActingContext,
  input: CreateLabel,
): Promise<Label> {
  const { name, color } = createLabelSchema.parse(input);
  return withNameGuard(LABEL_NAMES, name, () =>
    runChange(services, context, async (tx, record, now) => {
      // The organization's row lock makes simultaneous creations count one after the other.
      await tx
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, context.organizationId))
        .for('update');
      const [existing] = await tx
        .select({ total: count() })
        .from(label)
        .where(eq(label.organizationId, context.organizationId));
      if ((existing?.total ?? 0) >= LABELS_PER_ORGANIZATION) {
        throw new AppError(
          'LABEL_LIMIT_REACHED',
          `An organization may have at most ${LABELS_PER_ORGANIZATION} labels; delete one you no longer use first.`,
        );
      }
      await refuseTakenName(tx, context, name);
      const [row] = await tx
        .insert(label)
        .values({
          id: crypto.randomUUID(),
          organizationId: context.organizationId,
          name,
          color,
          ...madeAt(now),
        })
        .returning();
      if (!row) throw new Error('label insert returned nothing');
      await record({
        projectId: null,
        action: 'label.created',
        entity: 'label',
        entityId: row.id,
        summary: `created label ${row.name}`,
        data: { version: row.version, label: toLabel(row) },
      });
      return toLabel(row);
    }),
  );
}

function describeLabelUpdate(before: LabelRow, after: LabelRow): string {
  const renamed = before.name !== after.name;
  const recoloured = before.color !== after.color;
  if (renamed && recoloured) return `renamed label ${before.name} to ${after.name} and recoloured it`;
  if (renamed) return `renamed label ${before.name} to ${after.name}`;
  if (recoloured) return `recoloured label ${after.name} (${before.color} → ${after.color})`;
  return `updated label ${after.name} (no change)`;
}

export async function updateLabel(
  services: DomainServices,
  context: ActingContext,
  labelId: string,
  input: UpdateLabel,
): Promise<Label> {
  const { version, name, color } = updateLabelSchema.parse(input);
  return withNameGuard(LABEL_NAMES, name, () =>
    runChange(services, context, async (tx, record, now) => {
      const current = await findLabel(tx, context, labelId, { lock: true });
      if (current.version !== version) throw versionConflict('label', current.version);
      if (name !== undefined && name.toLowerCase() !== current.name.toLowerCase()) {
        await refuseTakenName(tx, context, name, current.id);
      }
      const [row] = await tx
        .update(label)
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(color !== undefined ? { color } : {}),
          version: current.version + 1,
          updatedAt: now,
        })
        .where(eq(label.id, current.id))
        .returning();
      if (!row) throw new Error('label update returned nothing');
      const fields = [
        ...(row.name !== current.name ? ['name'] : []),
        ...(row.color !== current.color ? ['color'] : []),
      ];
      // The label's event moves the organization's position, so cached task lists read it again.
      await record({
        projectId: null,
        action: 'label.updated',
        entity: 'label',
        entityId: row.id,
        summary: describeLabelUpdate(current, row),
        data: { version: row.version, label: toLabel(row), fields },
      });
      return toLabel(row);
    }),
  );
}

export async function deleteLabel(
  services: DomainServices,
  context: ActingContext,
  labelId: string,
): Promise<{ deleted: { id: string; name: string; tasks: number } }> {
  return runChange(services, context, async (tx, record) => {
    const current = await findLabel(tx, context, labelId, { lock: true });
    const [carried] = await tx
      .select({ total: count() })
      .from(taskLabel)
      .where(eq(taskLabel.labelId, current.id));
    const tasks = carried?.total ?? 0;
    // The task_label rows go with it (cascade).
    await tx.delete(label).where(eq(label.id, current.id));
    await record({
      projectId: null,
      action: 'label.deleted',
      entity: 'label',
      entityId: current.id,
      summary: `deleted label ${current.name}${tasks ? ` (taken off ${tasks} ${tasks === 1 ? 'task' : 'tasks'})` : ''}`,
      data: { label: toLabel(current), tasks },
    });
    return { deleted: { id: current.id, name: current.name, tasks } };
  });
}

/** The organization's labels these ids name; an id that names none is refused, all of them listed. */
export async function labelsByIds(
  db: Executor,
  context: ActingContext,
  labelIds: readonly string[],
): Promise<LabelRow[]> {
  const wanted = [...new Set(labelIds)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select()
    .from(label)
    .where(and(eq(label.organizationId, context.organizationId), inArray(label.id, wanted)));
  const found = new Set(rows.map((row) => row.id));
  const unknown = wanted.filter((id) => !found.has(id));
  if (unknown.length > 0) {
    const message = `${unknown.length === 1 ? 'is not a label' : 'are not labels'} of this organization: ${unknown.join(', ')}`;
    throw new AppError('VALIDATION_FAILED', `labelIds: ${message}`, [{ path: ['labelIds'], message }]);
  }
  return rows;
}

/**
 * The organization's labels these names name, in any case (what agents and the CLI write); an unknown
 * name is refused with the names there are, so the caller can correct itself.
 */
export async function labelsByNames(
  db: Executor,
  context: ActingContext,
  names: readonly string[],
): Promise<LabelRow[]> {
  const rows = await listLabels(db, context);
  const byLowerName = new Map(rows.map((row) => [row.name.toLowerCase(), row]));
  const unknown = names.filter((name) => !byLowerName.has(name.trim().toLowerCase()));
  if (unknown.length > 0) {
    const known = rows.length ? rows.map((row) => row.name).join(', ') : 'none yet';
    throw new AppError(
      'VALIDATION_FAILED',
      `No label named ${unknown.map((name) => `"${name}"`).join(', ')} in this organization. Its labels: ${known}.`,
      [{ path: ['labels'], message: `unknown: ${unknown.join(', ')}` }],
    );
  }
  const chosen = names.flatMap((name) => byLowerName.get(name.trim().toLowerCase()) ?? []);
  return [...new Map(chosen.map((row) => [row.id, row])).values()];
}

export interface LabelChange {
  added: LabelRow[];
  removed: TaskLabel[];
}

/** Gives a task exactly these labels: what it lacks is added, what is not named is taken off. */
export async function replaceTaskLabels(
  tx: Transaction,
  taskId: string,
  labels: readonly LabelRow[],
): Promise<LabelChange> {
  const before = (await labelsOfTasks(tx, [taskId])).get(taskId) ?? [];
  const had = new Set(before.map((item) => item.id));
  const wanted = new Set(labels.map((item) => item.id));
  const added = labels.filter((item) => !had.has(item.id));
  const removed = before.filter((item) => !wanted.has(item.id));
  if (removed.length > 0) {
    await tx.delete(taskLabel).where(
      and(
        eq(taskLabel.taskId, taskId),
        inArray(
          taskLabel.labelId,
          removed.map((item) => item.id),
        ),
      ),
    );
  }
  if (added.length > 0) {
    await tx
      .insert(taskLabel)
      .values(added.map((item) => ({ taskId, labelId: item.id })))
      .onConflictDoNothing();
  }
  return { added, removed };
}

function namesOf(labels: readonly { name: string }[]): string {
  return labels.map((item) => item.name).join(', ');
}

/** A label change in words, on its own ("added label Bug to SWB-3") or as part of a longer update. */
export function describeLabelChange(change: LabelChange, taskKey?: string): string | undefined {
  const { added, removed } = change;
  const noun = (list: readonly unknown[]) => (list.length === 1 ? 'label' : 'labels');
  if (added.length === 0 && removed.length === 0) return undefined;
  if (taskKey === undefined) {
    return [
      ...(added.length ? [`added ${noun(added)} ${namesOf(added)}`] : []),
      ...(removed.length ? [`removed ${noun(removed)} ${namesOf(removed)}`] : []),
    ].join('; ');
  }
  if (removed.length === 0) return `added ${noun(added)} ${namesOf(added)} to ${taskKey}`;
  if (added.length === 0) return `removed ${noun(removed)} ${namesOf(removed)} from ${taskKey}`;
  return `changed the labels of ${taskKey}: added ${namesOf(added)}; removed ${namesOf(removed)}`;
}

/**
 * The task list's label filter: every name (any case) or id given must be on the task. A name no
 * label has matches no task, as a filter on a deleted label should.
 */
export function labelFilter(organizationId: string, spec: string | undefined): SQL[] {
  const wanted = [
    ...new Set(
      (spec ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
  return wanted.map((reference) => {
    const carried = sql`select 1 from ${taskLabel} inner join ${label} on ${label.id} = ${taskLabel.labelId}
      where ${taskLabel.taskId} = ${task.id} and ${label.organizationId} = ${organizationId}
      and (${or(eq(label.id, reference), sql`lower(${label.name}) = lower(${reference})`)})`;
    return sql`exists (${carried})`;
  });
}

/**
 * A task write's labels: with `labelIds` the task gets exactly those (each must be the organization's),
 * answered with what changed; without them it keeps its own, answered as none known (undefined):
 * runChange reads them for every task it answers and records, in the read that names assignees.
 */
export async function applyTaskLabels(
  tx: Transaction,
  context: ActingContext,
  taskId: string,
  labelIds: readonly string[] | undefined,
): Promise<{ labels?: TaskLabel[]; change?: LabelChange }> {
  if (labelIds === undefined) return {};
  const chosen = await labelsByIds(tx, context, labelIds);
  const change = await replaceTaskLabels(tx, taskId, chosen);
  const labels = [...chosen]
    .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
    .map(toTaskLabel);
  return { labels, change };
}

/** An update's one line: the label change alone reads "added label Bug to SWB-3". */
export function describeTaskUpdate(taskKey: string, words: readonly string[], labels?: LabelChange): string {
  const labelWords = labels ? describeLabelChange(labels) : undefined;
  if (words.length === 0 && labels && labelWords) return describeLabelChange(labels, taskKey) ?? labelWords;
  const all = [...words, ...(labelWords ? [labelWords] : [])];
  return `updated ${taskKey}${all.length ? `: ${all.join('; ')}` : ' (no change)'}`;
}
