import type { CreatePlan, Plan, PlanStatus, UpdatePlan } from '@switchboard/api-client/contract';
import { eq } from 'drizzle-orm';
import { plan } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type ChangeSubject, madeAt, runChange } from '../changes';
import { AppError } from '../errors';
import { findProject } from '../projects/lookup';
import type { DomainServices } from '../services';
import { versionConflict } from '../versioning';
import { checkStructure, draftsOf, writeItems } from './drafts';
import { findPlan, itemRowsOf, viewPlan } from './reads';
import { recordRevision } from './revisions';
import { countsOf, type PlanRow, toPlanSummary } from './rows';

/** Plans in these statuses are finished with: nothing more is accepted, revised or rejected. */
const CLOSED: readonly PlanStatus[] = ['accepted', 'rejected', 'superseded'];

export function isClosed(status: PlanStatus): boolean {
  return CLOSED.includes(status);
}

// ——— Proposing and revising ———

function aboutPlan(row: PlanRow, summary: string): ChangeSubject<'plan'> {
  return { projectId: row.projectId, entity: 'plan', entityId: row.id, summary };
}

/** Proposes a plan for a project: items as a list or an outline. People and agents both propose. */
export async function proposePlan(
  services: DomainServices,
  context: ActingContext,
  projectId: string,
  input: CreatePlan,
): Promise<Plan> {
  const { drafts, title, summary } = draftsOf(input);
  const items = checkStructure(drafts, input.outline !== undefined ? 'outline' : 'items');
  const planTitle = input.title ?? title;
  if (!planTitle) {
    throw new AppError('VALIDATION_FAILED', 'title: is required (or start the outline with a # heading)', [
      { code: 'custom', path: ['title'], message: 'is required (or start the outline with a # heading)' },
    ]);
  }
  return runChange(services, context, async (tx, record, now) => {
    await findProject(tx, context, projectId);
    const [row] = await tx
      .insert(plan)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        projectId,
        title: planTitle,
        summary: input.summary ?? summary,
        status: input.status ?? 'proposed',
        authorType: context.actor.type,
        authorId: context.actor.id,
        authorName: context.actor.name,
        ...madeAt(now),
      })
      .returning();
    if (!row) throw new Error('plan insert returned nothing');
    const itemRows = await writeItems(tx, context, row.id, 1, items);
    await recordRevision(tx, now, row.id, 1, context.actor);
    const view = await viewPlan(tx, row, row.revision, itemRows);
    await record({
      ...aboutPlan(row, `proposed plan "${row.title}" (${itemRows.length} items)`),
      action: 'plan.created',
      data: { version: row.version, plan: toPlanSummary(row, countsOf(itemRows)) },
    });
    return view;
  });
}

function statusProblem(message: string): AppError {
  return new AppError('VALIDATION_FAILED', `status: ${message}`, [
    { code: 'custom', path: ['status'], message },
  ]);
}

/**
 * Title, summary and status change in place. New items — a list or an outline — replace the whole
 * set as revision n+1; revision n stays readable. Items accepted already must stay in the plan and keep
 * what they became.
 */
export async function revisePlan(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  input: UpdatePlan,
): Promise<Plan> {
  const newItems =
    input.items !== undefined || input.outline !== undefined
      ? (() => {
          const { drafts } = draftsOf(input);
          return checkStructure(drafts, input.outline !== undefined ? 'outline' : 'items');
        })()
      : undefined;
  return runChange(services, context, async (tx, record, now) => {
    const current = await findPlan(tx, context, planId, { lock: true });
    if (isClosed(current.status)) {
      throw new AppError(
        'PLAN_CLOSED',
        `This plan is ${current.status.replace('_', ' ')}; it can no longer change.`,
      );
    }
    if (current.version !== input.version) {
      throw versionConflict('plan', current.version);
    }
    const currentItems = await itemRowsOf(tx, planId, current.revision);
    const accepted = new Map(
      currentItems.flatMap((item) =>
        item.acceptedAs && item.acceptedKey
          ? [[item.key, { id: item.acceptedAs, key: item.acceptedKey }] as const]
          : [],
      ),
    );
    if (input.status && input.status !== current.status && current.status === 'partially_accepted') {
      if (input.status !== 'superseded') {
        throw statusProblem('a partly accepted plan can only be marked superseded');
      }
    }
    let itemRows = currentItems;
    let revision = current.revision;
    if (newItems) {
      const dropped = [...accepted.entries()].filter(([key]) => !newItems.some((item) => item.key === key));
      if (dropped.length > 0) {
        const names = dropped.map(([key, made]) => `${key} (accepted as ${made.key})`).join(', ');
        const message = `accepted items must stay in the plan: ${names}`;
        throw new AppError('VALIDATION_FAILED', `items: ${message}`, [
          { code: 'custom', path: [input.outline !== undefined ? 'outline' : 'items'], message },
        ]);
      }
      revision = current.revision + 1;
      itemRows = await writeItems(tx, context, planId, revision, newItems, accepted);
      await recordRevision(tx, now, planId, revision, context.actor);
    }
    const fields = Object.keys(input).filter((field) => field !== 'version' && field !== 'outline');
    if (input.outline !== undefined) fields.push('items');
    const [row] = await tx
      .update(plan)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.summary !== undefined ? { summary: input.summary } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        revision,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(plan.id, planId))
      .returning();
    if (!row) throw new Error('plan update returned nothing');
    const edits = [
      current.title !== row.title ? `title "${current.title}" → "${row.title}"` : '',
      current.summary !== row.summary ? 'summary edited' : '',
      current.status !== row.status ? `status ${current.status} → ${row.status}` : '',
    ].filter(Boolean);
    const words = newItems
      ? `revised plan "${row.title}" (revision ${revision}, ${itemRows.length} items)`
      : `updated plan "${row.title}"${edits.length ? `: ${edits.join(', ')}` : ' (nothing changed)'}`;
    await record({
      ...aboutPlan(row, words),
      action: 'plan.updated',
      data: { version: row.version, plan: toPlanSummary(row, countsOf(itemRows)), fields },
    });
    return viewPlan(tx, row, row.revision, itemRows);
  });
}

// ——— Accepting and rejecting belong to people ———

/** Agents propose, revise and discuss plans; only a person decides what becomes work. */
export function requirePerson(context: ActingContext, doing: 'accept' | 'reject'): void {
  if (context.actor.type !== 'user') {
    throw new AppError(
      'FORBIDDEN',
      `Only a person can ${doing} a plan; an agent (or API key) may propose, revise and discuss it.`,
    );
  }
}

export async function rejectPlan(
  services: DomainServices,
  context: ActingContext,
  planId: string,
  reason: string,
): Promise<Plan> {
  await findPlan(services.db, context, planId);
  requirePerson(context, 'reject');
  return runChange(services, context, async (tx, record, now) => {
    const current = await findPlan(tx, context, planId, { lock: true });
    if (isClosed(current.status)) {
      throw new AppError('PLAN_CLOSED', `This plan is ${current.status.replace('_', ' ')} already.`);
    }
    const [row] = await tx
      .update(plan)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(plan.id, planId))
      .returning();
    if (!row) throw new Error('plan update returned nothing');
    const items = await itemRowsOf(tx, planId, row.revision);
    await record({
      ...aboutPlan(row, `rejected plan "${row.title}": ${reason}`),
      action: 'plan.rejected',
      data: { version: row.version, plan: toPlanSummary(row, countsOf(items)) },
    });
    return viewPlan(tx, row, row.revision, items);
  });
}
