import type { AgentProfile, CreateAgentProfile, UpdateAgentProfile } from '@switchboard/api-client/contract';
import { apiKeyMetadataOf } from '@switchboard/auth/api-keys';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentProfile, apikey, project, task } from '../../db/schema';
import type { ActingContext } from '../actor';
import { type ChangeSubject, madeAt, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { requireSettingsWriter } from '../settings-writers';
import { toTask } from '../tasks/views';
import { versionConflict } from '../versioning';

type Executor = Database | Transaction;
type AgentProfileRow = typeof agentProfile.$inferSelect;

/**
 * Shared agent profiles live under the organization's settings, so managing them follows the role table
 * (organization:update: owners and admins). Every member, and every agent acting through an API key,
 * reads them: agents need the names to pick up work.
 */
export function requireAgentProfileWriter(role: string): void {
  requireSettingsWriter(role, 'manage agent profiles');
}

export function toAgentProfile(row: AgentProfileRow): AgentProfile {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    model: row.model,
    tools: row.tools,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Names are lower-case slugs; a reference in any case finds its profile. */
function normalName(name: string): string {
  return name.trim().toLowerCase();
}

export async function listAgentProfiles(db: Database, context: ActingContext): Promise<AgentProfile[]> {
  const rows = await db
    .select()
    .from(agentProfile)
    .where(eq(agentProfile.organizationId, context.organizationId))
    .orderBy(asc(agentProfile.name));
  return rows.map(toAgentProfile);
}

/** The organization's agent names, alphabetical: what tasks may be assigned to and keys may act as. */
export async function agentNamesOf(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ name: agentProfile.name })
    .from(agentProfile)
    .where(eq(agentProfile.organizationId, organizationId))
    .orderBy(asc(agentProfile.name));
  return rows.map((row) => row.name);
}

/** A profile of the caller's organization by name (any case); anything else is AGENT_NOT_FOUND. */
export async function findAgentProfile(
  db: Executor,
  context: ActingContext,
  name: string,
  options: { lock?: boolean } = {},
): Promise<AgentProfileRow> {
  const query = db
    .select()
    .from(agentProfile)
    .where(
      and(eq(agentProfile.organizationId, context.organizationId), eq(agentProfile.name, normalName(name))),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row)
    throw new AppError('AGENT_NOT_FOUND', `There is no agent profile named ${name} in this organization.`);
  return row;
}

/** "Choose one of: a, b." — or, with none yet, how to make the first. */
export function agentChoices(names: string[]): string {
  return names.length === 0
    ? 'This organization has no agent profiles yet: an owner or admin creates them under Settings → AI agents (or POST /api/v1/agents).'
    : `Choose one of: ${names.join(', ')}.`;
}

/**
 * A task's assignee is one of the organization's agent profiles. Answers the profile's name
 * (its canonical lower-case form), or 400 VALIDATION_FAILED listing the names there are. The profile row
 * is share-locked until the transaction ends, so a concurrent deletion waits and then unassigns this task
 * too: nothing is left assigned to a profile that no longer exists.
 */
export async function assignableAgentName(
  tx: Transaction,
  context: ActingContext,
  assignee: string,
): Promise<string> {
  const [row] = await tx
    .select({ name: agentProfile.name })
    .from(agentProfile)
    .where(
      and(
        eq(agentProfile.organizationId, context.organizationId),
        eq(agentProfile.name, normalName(assignee)),
      ),
    )
    .limit(1)
    .for('share');
  if (row) return row.name;
  const names = await agentNamesOf(tx, context.organizationId);
  const message = `assignee: there is no agent profile named "${assignee}" in this organization. ${agentChoices(names)}`;
  throw new AppError('VALIDATION_FAILED', message, [
    { code: 'custom', path: ['assignee'], message, agents: names },
  ]);
}

/** What every event about an agent profile carries besides its action and payload. */
function aboutProfile(row: AgentProfileRow, summary: string): ChangeSubject<'agent_profile'> {
  return { projectId: null, entity: 'agent_profile', entityId: row.id, summary };
}

function profileSnapshot(row: AgentProfileRow) {
  return { version: row.version, agent: toAgentProfile(row) };
}

export async function createAgentProfile(
  services: DomainServices,
  context: ActingContext,
  input: CreateAgentProfile,
  /** Runs first in the creating transaction and may refuse it (the plan's agent profile limit). */
  admit?: (tx: Transaction) => Promise<void>,
): Promise<AgentProfile> {
  return runChange(services, context, async (tx, record, now) => {
    await admit?.(tx);
    const [taken] = await tx
      .select({ id: agentProfile.id })
      .from(agentProfile)
      .where(and(eq(agentProfile.organizationId, context.organizationId), eq(agentProfile.name, input.name)))
      .limit(1);
    if (taken) {
      throw new AppError(
        'AGENT_NAME_TAKEN',
        `This organization already has an agent profile named ${input.name}.`,
      );
    }
    const [row] = await tx
      .insert(agentProfile)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        name: input.name,
        description: input.description ?? '',
        instructions: input.instructions ?? '',
        model: input.model ?? null,
        tools: input.tools ?? [],
        ...madeAt(now),
      })
      .returning();
    if (!row) throw new Error('agent profile insert returned nothing');
    await record({
      ...aboutProfile(row, `created agent profile ${row.name}`),
      action: 'agent_profile.created',
      data: profileSnapshot(row),
    });
    return toAgentProfile(row);
  });
}

export async function updateAgentProfile(
  services: DomainServices,
  context: ActingContext,
  name: string,
  input: UpdateAgentProfile,
): Promise<AgentProfile> {
  return runChange(services, context, async (tx, record, now) => {
    const current = await findAgentProfile(tx, context, name, { lock: true });
    if (current.version !== input.version) throw versionConflict('agent profile', current.version);
    const { version: _read, ...changes } = input;
    const [row] = await tx
      .update(agentProfile)
      .set({ ...changes, version: current.version + 1, updatedAt: now })
      .where(eq(agentProfile.id, current.id))
      .returning();
    if (!row) throw new Error('agent profile update returned nothing');
    const fields = Object.keys(changes);
    await record({
      ...aboutProfile(row, `updated agent profile ${row.name} (${fields.join(', ') || 'nothing'})`),
      action: 'agent_profile.updated',
      data: { ...profileSnapshot(row), fields },
    });
    return toAgentProfile(row);
  });
}

/** Tasks of the organization assigned to `name`, across its projects. */
function assignedTo(organizationId: string, name: string) {
  return and(
    eq(task.assignee, name),
    inArray(
      task.projectId,
      sql`(select ${project.id} from ${project} where ${project.organizationId} = ${organizationId})`,
    ),
  );
}

/**
 * Ids of the API keys that act as `name` in the organization. Metadata is JSON text the key plugin
 * writes; it is read the way the server reads it when a key is used, so no key escapes a revocation.
 */
async function keysActingAs(tx: Transaction, organizationId: string, name: string): Promise<string[]> {
  const rows = await tx
    .select({ id: apikey.id, metadata: apikey.metadata })
    .from(apikey)
    .where(sql`${apikey.metadata} like ${`%${organizationId}%`}`)
    .for('update');
  return rows
    .filter((row) => {
      const metadata = apiKeyMetadataOf(row.metadata);
      return metadata?.organizationId === organizationId && metadata.agentName === name;
    })
    .map((row) => row.id);
}

/**
 * Deletes a profile. Keys follow their agent: every API key acting as it is deleted in the same
 * transaction, so no key ever acts as a name that no longer exists (its next request gets 401). Tasks assigned to it are never left pointing at nothing: without `confirmed` the
 * answer is 422 naming how many (and which) tasks would lose their assignee; with it, each of them is
 * unassigned (a task.updated event each) in the same transaction as the deletion.
 */
export async function deleteAgentProfile(
  services: DomainServices,
  context: ActingContext,
  name: string,
  options: { confirmed: boolean; version?: number },
): Promise<{ deleted: { name: string; unassignedTasks: number; revokedKeys: number } }> {
  return runChange(services, context, async (tx, record, now) => {
    const current = await findAgentProfile(tx, context, name, { lock: true });
    if (options.version !== undefined && options.version !== current.version) {
      throw versionConflict('agent profile', current.version);
    }
    const assigned = await tx
      .select({ key: task.key })
      .from(task)
      .where(assignedTo(context.organizationId, current.name))
      .orderBy(asc(task.key));
    if (assigned.length > 0 && !options.confirmed) {
      const shown = assigned.slice(0, 10).map((row) => row.key);
      const more = assigned.length > shown.length ? ` and ${assigned.length - shown.length} more` : '';
      throw new AppError(
        'CONFIRMATION_REQUIRED',
        `${current.name} is assigned ${assigned.length} task${assigned.length === 1 ? '' : 's'} (${shown.join(', ')}${more}). Deleting the profile unassigns them; send ?confirm=true to go ahead.`,
        { assignedTasks: assigned.length, tasks: assigned.map((row) => row.key) },
      );
    }
    const unassigned = await tx
      .update(task)
      .set({ assignee: null, version: sql`${task.version} + 1`, updatedAt: now })
      .where(assignedTo(context.organizationId, current.name))
      .returning();
    for (const row of unassigned) {
      await record({
        projectId: row.projectId,
        action: 'task.updated',
        entity: 'task',
        entityId: row.id,
        summary: `${row.key} unassigned: agent profile ${current.name} was deleted`,
        data: { version: row.version, task: toTask(row, now), fields: ['assignee'] },
      });
    }
    const revoked = await keysActingAs(tx, context.organizationId, current.name);
    if (revoked.length > 0) await tx.delete(apikey).where(inArray(apikey.id, revoked));
    await tx.delete(agentProfile).where(eq(agentProfile.id, current.id));
    await record({
      ...aboutProfile(
        current,
        `deleted agent profile ${current.name}${unassigned.length ? ` (unassigned ${unassigned.length} tasks)` : ''}${revoked.length ? ` and revoked ${revoked.length} API key${revoked.length === 1 ? '' : 's'}` : ''}`,
      ),
      action: 'agent_profile.deleted',
      data: { ...profileSnapshot(current), unassignedTasks: unassigned.length },
    });
    return {
      deleted: { name: current.name, unassignedTasks: unassigned.length, revokedKeys: revoked.length },
    };
  });
}
