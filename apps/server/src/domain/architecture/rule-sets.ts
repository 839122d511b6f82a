import { isDeepStrictEqual } from 'node:util';
import {
  type RuleSet,
  type RuleSetContentJson,
  type RuleSetSummary,
  type RuleSetYaml,
  ruleSetNameSchema,
  type WriteRuleSet,
} from '@switchboard/api-client/contract';
import type { RuleSetContent, RuleSetFiles } from '@switchboard/architecture';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LockStrength } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { project, ruleSet } from '../../db/schema';
import type { ActingContext } from '../actor';
import { madeAt, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { requireSettingsWriter } from '../settings-writers';
import { versionConflict } from '../versioning';
import { parseRuleSetText, ruleSetAsYaml, validatedContent } from './rule-set-formats';

type Executor = Database | Transaction;

/**
 * Rule sets are the organization's architecture decisions, so writing them follows the role table
 * (organization:update: owners and admins); every member, and every agent, reads them and tries them.
 */
export function requireRuleSetWriter(role: string): void {
  requireSettingsWriter(role, 'write its rule sets');
}
export type RuleSetRow = typeof ruleSet.$inferSelect;

/** The text a rule set was last written in, null when it was not written as YAML. */
function writtenOf(row: RuleSetRow): RuleSetFiles | null {
  return row.architectYaml !== null && row.rulesYaml !== null
    ? { architectYaml: row.architectYaml, rulesYaml: row.rulesYaml }
    : null;
}

/** The two files as last written in YAML, comments and order kept; written from the content otherwise. */
function filesOf(row: RuleSetRow): RuleSetFiles {
  return writtenOf(row) ?? ruleSetAsYaml(row.content);
}

export function toRuleSet(row: RuleSetRow): RuleSet {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    content: row.content as RuleSetContentJson,
    ...filesOf(row),
    version: row.version,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rule set of the caller's organization by name (any case); anything else is RULE_SET_NOT_FOUND. */
export async function findRuleSet(
  db: Executor,
  context: ActingContext,
  name: string,
  options: { lock?: LockStrength } = {},
): Promise<RuleSetRow> {
  const query = db
    .select()
    .from(ruleSet)
    .where(
      and(eq(ruleSet.organizationId, context.organizationId), eq(ruleSet.name, name.trim().toLowerCase())),
    )
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row)
    throw new AppError('RULE_SET_NOT_FOUND', `There is no rule set named "${name}" in this organization.`);
  return row;
}

/** The rule set a project's reviews use, or null when the project has none. */
export async function ruleSetOfProject(db: Executor, projectId: string): Promise<RuleSetRow | null> {
  const [row] = await db
    .select({ ruleSet })
    .from(project)
    .innerJoin(ruleSet, eq(ruleSet.id, project.ruleSetId))
    .where(eq(project.id, projectId))
    .limit(1);
  return row?.ruleSet ?? null;
}

async function projectKeysUsing(db: Executor, ruleSetIds: string[]): Promise<Map<string, string[]>> {
  if (ruleSetIds.length === 0) return new Map();
  const rows = await db
    .select({ ruleSetId: project.ruleSetId, key: project.key })
    .from(project)
    .where(inArray(project.ruleSetId, ruleSetIds))
    .orderBy(asc(project.key));
  const keys = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.ruleSetId) continue;
    keys.set(row.ruleSetId, [...(keys.get(row.ruleSetId) ?? []), row.key]);
  }
  return keys;
}

export async function listRuleSets(db: Database, context: ActingContext): Promise<RuleSetSummary[]> {
  const rows = await db
    .select()
    .from(ruleSet)
    .where(eq(ruleSet.organizationId, context.organizationId))
    .orderBy(asc(ruleSet.name));
  const projects = await projectKeysUsing(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const { content: _content, architectYaml: _architect, rulesYaml: _rules, ...summary } = toRuleSet(row);
    return {
      ...summary,
      patterns: row.content.patterns.length,
      rules: row.content.rules.length,
      projects: projects.get(row.id) ?? [],
    };
  });
}

export function ruleSetYaml(row: RuleSetRow): RuleSetYaml {
  return { name: row.name, description: row.description, ...filesOf(row) };
}

/** What a write gives: the content, and the YAML text it was read from (null when it came as JSON). */
interface ContentWrite {
  content: RuleSetContent;
  written: RuleSetFiles | null;
}

/** The content a write asks for: parsed from YAML or checked from JSON, each error naming where it is. */
function contentOf(input: WriteRuleSet): ContentWrite | undefined {
  if (input.architectYaml !== undefined || input.rulesYaml !== undefined) {
    const written = { architectYaml: input.architectYaml ?? '', rulesYaml: input.rulesYaml ?? '' };
    return { content: parseRuleSetText(written), written };
  }
  if (input.patterns !== undefined || input.rules !== undefined) {
    return {
      content: validatedContent({ patterns: input.patterns ?? [], rules: input.rules ?? [] }),
      written: null,
    };
  }
  return undefined;
}

const writtenColumns = (written: RuleSetFiles | null) => ({
  architectYaml: written?.architectYaml ?? null,
  rulesYaml: written?.rulesYaml ?? null,
});

async function refuseTakenName(tx: Transaction, context: ActingContext, name: string, except?: string) {
  const [taken] = await tx
    .select({ id: ruleSet.id })
    .from(ruleSet)
    .where(and(eq(ruleSet.organizationId, context.organizationId), eq(ruleSet.name, name)))
    .limit(1);
  if (taken && taken.id !== except) {
    throw new AppError('RULE_SET_NAME_TAKEN', `Another rule set in this organization is named "${name}".`);
  }
}

export async function createRuleSet(
  services: DomainServices,
  context: ActingContext,
  input: WriteRuleSet,
): Promise<RuleSet> {
  const { content, written } = contentOf(input) ?? { content: { patterns: [], rules: [] }, written: null };
  const named = ruleSetNameSchema.safeParse(input.name ?? content.template ?? '');
  if (!named.success) {
    const why =
      input.name === undefined && content.template === undefined
        ? 'is required'
        : named.error.issues[0]?.message;
    throw new AppError(
      'VALIDATION_FAILED',
      `name: ${why} (give the rule set a name, or a template in RULES.yaml)`,
      [{ path: ['name'], message: why }],
    );
  }
  const name = named.data.toLowerCase();
  return runChange(services, context, async (tx, record, now) => {
    await refuseTakenName(tx, context, name);
    const [row] = await tx
      .insert(ruleSet)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        name,
        description: input.description ?? content.description ?? '',
        content,
        ...writtenColumns(written),
        updatedBy: context.actor.name,
        ...madeAt(now),
      })
      .returning();
    if (!row) throw new Error('rule set insert returned nothing');
    await record({
      projectId: null,
      action: 'rule_set.created',
      entity: 'rule_set',
      entityId: row.id,
      summary: `created rule set ${row.name} (${content.patterns.length} patterns, ${content.rules.length} rules)`,
      data: { version: row.version, name: row.name },
    });
    return toRuleSet(row);
  });
}

/**
 * Whether new content equals the stored one. Compared as data, not text: jsonb keeps its own key order
 * and drops undefined, so the parsed content goes through JSON first.
 */
function sameData(next: unknown, stored: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(next ?? null)), stored ?? null);
}

/** Which parts of the content a write changes: its patterns, its rules, RULES.yaml's other keys. */
function changedParts(next: RuleSetContent, stored: RuleSetContent): string[] {
  const { patterns, rules, ...header } = next;
  const { patterns: storedPatterns, rules: storedRules, ...storedHeader } = stored;
  return [
    ...(sameData(patterns, storedPatterns) ? [] : ['patterns']),
    ...(sameData(rules, storedRules) ? [] : ['rules']),
    ...(sameData(header, storedHeader) ? [] : ['header']),
  ];
}

/** How an update's fields are said in the activity line. */
const FIELD_WORDS: Record<string, string> = {
  header: "RULES.yaml's version, template and description",
  text: 'comments and layout',
};

/**
 * Replaces what the write names: the patterns and rules (from either form), the description, the name.
 * `change` lets a caller edit the stored content in place instead (the admin MCP tools add one entry).
 */
export async function updateRuleSet(
  services: DomainServices,
  context: ActingContext,
  name: string,
  input: WriteRuleSet,
  change?: (content: RuleSetContent) => RuleSetContent,
): Promise<RuleSet> {
  const parsed = contentOf(input);
  return runChange(services, context, async (tx, record, now) => {
    const current = await findRuleSet(tx, context, name, { lock: 'update' });
    if (input.version !== undefined && input.version !== current.version) {
      throw versionConflict('rule set', current.version);
    }
    const newName = input.name?.trim().toLowerCase();
    if (newName && newName !== current.name) await refuseTakenName(tx, context, newName, current.id);
    // An edit of one entry leaves the text as written behind: the files are written from the content.
    const next = change ? { content: validatedContent(change(current.content)), written: null } : parsed;
    const parts = next ? changedParts(next.content, current.content) : [];
    const textChanged = next?.written != null && !isDeepStrictEqual(next.written, filesOf(current));
    const fields = [
      ...(newName && newName !== current.name ? ['name'] : []),
      ...(input.description !== undefined && input.description !== current.description
        ? ['description']
        : []),
      ...parts,
      // Comments and layout alone: the same rules, written differently.
      ...(textChanged && parts.length === 0 ? ['text'] : []),
    ];
    // Saving what is there already (a push of unchanged files) is no change: same version, no event.
    if (fields.length === 0) return toRuleSet(current);
    const [row] = await tx
      .update(ruleSet)
      .set({
        ...(newName ? { name: newName } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(next && (parts.length > 0 || textChanged)
          ? { content: next.content, ...writtenColumns(next.written) }
          : {}),
        updatedBy: context.actor.name,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(ruleSet.id, current.id))
      .returning();
    if (!row) throw new Error('rule set update returned nothing');
    await record({
      projectId: null,
      action: 'rule_set.updated',
      entity: 'rule_set',
      entityId: row.id,
      summary: `updated rule set ${row.name} (${fields.map((field) => FIELD_WORDS[field] ?? field).join(', ')})`,
      data: { version: row.version, name: row.name, fields },
    });
    return toRuleSet(row);
  });
}

export async function deleteRuleSet(services: DomainServices, context: ActingContext, name: string) {
  return runChange(services, context, async (tx, record) => {
    const current = await findRuleSet(tx, context, name, { lock: 'update' });
    const projects = (await projectKeysUsing(tx, [current.id])).get(current.id) ?? [];
    // The projects' link is cleared by the foreign key (set null).
    await tx.delete(ruleSet).where(eq(ruleSet.id, current.id));
    await record({
      projectId: null,
      action: 'rule_set.deleted',
      entity: 'rule_set',
      entityId: current.id,
      summary: `deleted rule set ${current.name}${projects.length ? ` (used by ${projects.join(', ')})` : ''}`,
      data: { name: current.name, projects },
    });
    return { deleted: { name: current.name, projects } };
  });
}
