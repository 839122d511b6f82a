import type {
  CreateProject,
  Project,
  ProjectWithCounts,
  TaskStatus,
  UpdateProject,
} from '@switchboard/api-client/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { project, ruleSet, task, taskStatus, template, workUnit } from '../../db/schema';
import type { ActingContext } from '../actor';
import { findRuleSet } from '../architecture/rule-sets';
import { madeAt, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import { findTemplate } from '../scaffolding/templates';
import type { DomainServices } from '../services';
import { versionConflict } from '../versioning';
import { findProject, statusesOf } from './lookup';

/** Every project starts with four statuses, one per category, so a new board is usable at once. */
export const DEFAULT_STATUSES = [
  { name: 'Todo', category: 'todo' },
  { name: 'In Progress', category: 'in_progress' },
  { name: 'Review', category: 'review' },
  { name: 'Done', category: 'done' },
] as const;

type ProjectRow = typeof project.$inferSelect;

/** The rule set and template a project points at (by id), as its answers name them. */
interface ChosenNames {
  ruleSet: string | null;
  template: string | null;
}
const NONE_CHOSEN: ChosenNames = { ruleSet: null, template: null };

/** `chosen`: the names of the rule set and template the row points at, which the caller looked up. */
function toProject(row: ProjectRow, chosen: ChosenNames = NONE_CHOSEN): Project {
  return {
    id: row.id,
    organizationId: row.organizationId,
    key: row.key,
    name: row.name,
    description: row.description,
    ruleSet: chosen.ruleSet,
    template: chosen.template,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function chosenNamesOf(
  db: Database | Transaction,
  projectIds: string[],
): Promise<Map<string, ChosenNames>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({ id: project.id, ruleSet: ruleSet.name, template: template.name })
    .from(project)
    .leftJoin(ruleSet, eq(ruleSet.id, project.ruleSetId))
    .leftJoin(template, eq(template.id, project.templateId))
    .where(inArray(project.id, projectIds));
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/** A project as answered, its rule set and template by name. */
export async function projectAnswer(db: Database | Transaction, row: ProjectRow): Promise<Project> {
  return toProject(row, (await chosenNamesOf(db, [row.id])).get(row.id));
}

export async function listProjects(db: Database, context: ActingContext): Promise<ProjectWithCounts[]> {
  const rows = await db
    .select()
    .from(project)
    .where(eq(project.organizationId, context.organizationId))
    .orderBy(asc(project.name));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const taskCounts = await db
    .select({
      projectId: task.projectId,
      tasks: count(),
      openTasks: sql<number>`count(*) filter (where ${taskStatus.category} <> 'done')`.mapWith(Number),
    })
    .from(task)
    .innerJoin(taskStatus, eq(taskStatus.id, task.statusId))
    .where(inArray(task.projectId, ids))
    .groupBy(task.projectId);
  const unitCounts = await db
    .select({ projectId: workUnit.projectId, workUnits: count() })
    .from(workUnit)
    .where(inArray(workUnit.projectId, ids))
    .groupBy(workUnit.projectId);
  const tasksBy = new Map(taskCounts.map((row) => [row.projectId, row]));
  const unitsBy = new Map(unitCounts.map((row) => [row.projectId, row.workUnits]));
  const chosen = await chosenNamesOf(db, ids);
  return rows.map((row) => ({
    ...toProject(row, chosen.get(row.id)),
    counts: {
      tasks: tasksBy.get(row.id)?.tasks ?? 0,
      openTasks: tasksBy.get(row.id)?.openTasks ?? 0,
      workUnits: unitsBy.get(row.id) ?? 0,
    },
  }));
}

export async function createProject(
  services: DomainServices,
  context: ActingContext,
  input: CreateProject,
  /** Runs first in the creating transaction and may refuse it (the plan's project limit). */
  admit?: (tx: Transaction) => Promise<void>,
): Promise<Project> {
  return runChange(services, context, async (tx, record, now) => {
    await admit?.(tx);
    const [taken] = await tx
      .select({ id: project.id })
      .from(project)
      .where(and(eq(project.organizationId, context.organizationId), eq(project.key, input.key)))
      .limit(1);
    if (taken)
      throw new AppError(
        'PROJECT_KEY_TAKEN',
        `Another project in this organization already uses the key ${input.key}.`,
      );
    const [row] = await tx
      .insert(project)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        key: input.key,
        name: input.name,
        description: input.description ?? '',
        ...madeAt(now),
      })
      .returning();
    if (!row) throw new Error('project insert returned nothing');
    await tx.insert(taskStatus).values(
      DEFAULT_STATUSES.map((status, position) => ({
        id: crypto.randomUUID(),
        projectId: row.id,
        name: status.name,
        category: status.category,
        position,
      })),
    );
    await record({
      projectId: row.id,
      action: 'project.created',
      entity: 'project',
      entityId: row.id,
      summary: `created project ${row.key} ${row.name}`,
      data: { version: row.version, key: row.key, name: row.name },
    });
    return toProject(row);
  });
}

/**
 * A project's update in words: what changed, from what to what ('name "Web" → "Web app"',
 * 'rule set none → backend'); the description only says it was edited.
 */
function describeProjectUpdate(
  before: ProjectRow,
  after: ProjectRow,
  was: ChosenNames,
  now: ChosenNames,
): string {
  const words = [
    before.name !== after.name ? `name "${before.name}" → "${after.name}"` : '',
    before.description !== after.description ? 'description edited' : '',
    now.ruleSet !== was.ruleSet ? `rule set ${was.ruleSet ?? 'none'} → ${now.ruleSet ?? 'none'}` : '',
    now.template !== was.template ? `template ${was.template ?? 'none'} → ${now.template ?? 'none'}` : '',
  ].filter(Boolean);
  return `updated project ${after.key}${words.length ? `: ${words.join(', ')}` : ' (nothing changed)'}`;
}

/**
 * The rule set and template a project is set to use, each undefined when not named and null when
 * cleared. They are named; the project keeps their ids, so renaming one keeps the link. Each row stays
 * locked against deletion until the change commits: one deleted between this look-up and the write
 * would otherwise break the foreign key (a server error) instead of answering its NOT_FOUND, and on
 * PostgreSQL a look-up that waited on a deletion finds nothing.
 */
async function resolveChoices(
  tx: Transaction,
  context: ActingContext,
  ruleSetName: string | null | undefined,
  templateName: string | null | undefined,
) {
  const pin = { lock: 'key share' } as const;
  return {
    chosenRuleSet: ruleSetName == null ? ruleSetName : await findRuleSet(tx, context, ruleSetName, pin),
    chosenTemplate: templateName == null ? templateName : await findTemplate(tx, context, templateName, pin),
  };
}

export async function updateProject(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  input: UpdateProject,
): Promise<Project> {
  return runChange(services, context, async (tx, record, now) => {
    const current = await findProject(tx, context, projectId);
    const { version, ruleSet: ruleSetName, template: templateName, ...changes } = input;
    const { chosenRuleSet, chosenTemplate } = await resolveChoices(tx, context, ruleSetName, templateName);
    const was = (await chosenNamesOf(tx, [current.id])).get(current.id) ?? NONE_CHOSEN;
    const chosen: ChosenNames = {
      ruleSet: chosenRuleSet === undefined ? was.ruleSet : (chosenRuleSet?.name ?? null),
      template: chosenTemplate === undefined ? was.template : (chosenTemplate?.name ?? null),
    };
    const [row] = await tx
      .update(project)
      .set({
        ...changes,
        ...(chosenRuleSet === undefined ? {} : { ruleSetId: chosenRuleSet?.id ?? null }),
        ...(chosenTemplate === undefined ? {} : { templateId: chosenTemplate?.id ?? null }),
        version: sql`${project.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(project.id, current.id), eq(project.version, version)))
      .returning();
    if (!row) throw versionConflict('project', current.version);
    await record({
      projectId: row.id,
      action: 'project.updated',
      entity: 'project',
      entityId: row.id,
      summary: describeProjectUpdate(current, row, was, chosen),
      data: { version: row.version, fields: Object.keys(input).filter((field) => field !== 'version') },
    });
    return toProject(row, chosen);
  });
}

/** What a project holds; shown before deletion so nothing is removed silently. */
export async function projectContents(db: Database | Transaction, projectId: string) {
  return {
    tasks: await db.$count(task, eq(task.projectId, projectId)),
    workUnits: await db.$count(workUnit, eq(workUnit.projectId, projectId)),
  };
}

export async function deleteProject(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  confirmed: boolean,
) {
  return runChange(services, context, async (tx, record) => {
    const current = await findProject(tx, context, projectId);
    const contents = await projectContents(tx, current.id);
    if (!confirmed) {
      throw new AppError(
        'CONFIRMATION_REQUIRED',
        `Deleting ${current.key} also deletes ${contents.workUnits} work units and ${contents.tasks} tasks with their comments. Send ?confirm=true to go ahead.`,
        contents,
      );
    }
    await tx.delete(project).where(eq(project.id, current.id));
    await record({
      projectId: current.id,
      action: 'project.deleted',
      entity: 'project',
      entityId: current.id,
      summary: `deleted project ${current.key} ${current.name} (${contents.workUnits} work units, ${contents.tasks} tasks)`,
      data: contents,
    });
    return { deleted: contents };
  });
}

export async function listStatuses(
  db: Database,
  context: ActingContext,
  projectId: string,
): Promise<TaskStatus[]> {
  await findProject(db, context, projectId);
  return statusesOf(db, projectId);
}
