import type {
  CreateTemplate,
  PreviewTemplate,
  ReplaceTemplate,
  ScaffoldMethodSummary,
  ScaffoldResult,
  Template,
  TemplateSummary,
} from '@switchboard/api-client/contract';
import type { RunOptions } from '@switchboard/sandbox/timed-worker';
import {
  checkTemplateSize,
  findMethod,
  isTemplateError,
  parseScaffoldYaml,
  renderMethod,
  type ScaffoldConfig,
  type ScaffoldMethod,
  type ScaffoldMethodKind,
  type TemplateFiles,
} from '@switchboard/templates';
import { and, asc, eq } from 'drizzle-orm';
import type { LockStrength } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { project, template } from '../../db/schema';
import type { ActingContext } from '../actor';
import { madeAt, runChange, type Transaction } from '../changes';
import { AppError } from '../errors';
import type { DomainServices } from '../services';
import { requireSettingsWriter } from '../settings-writers';
import { updateTask } from '../tasks/tasks';
import { findTask } from '../tasks/views';
import { versionConflict } from '../versioning';

type Executor = Database | Transaction;
export type TemplateRow = typeof template.$inferSelect;

/**
 * Templates decide what agents write into the organization's repositories, so writing them follows
 * the role table (organization:update: owners and admins); every member and agent reads and uses them.
 */
export function requireTemplateWriter(role: string): void {
  requireSettingsWriter(role, 'write its templates');
}

export function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    scaffoldYaml: row.scaffoldYaml,
    files: row.files,
    version: row.version,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMethodSummary(method: ScaffoldMethod): ScaffoldMethodSummary {
  return {
    name: method.name,
    kind: method.kind,
    description: method.description ?? null,
    targetFolder: method.targetFolder ?? null,
    variablesSchema: method.variablesSchema,
    patterns: method.patterns ?? [],
  };
}

/**
 * A template's boilerplates and features as parsed when it was saved: reads never parse scaffold.yaml
 * again, so a large one costs its parsing once, at save. Rows saved before the parsed form was kept
 * are parsed here (they were valid when written).
 */
export function configOf(row: TemplateRow): ScaffoldConfig {
  return row.config ?? parseScaffoldYaml(row.scaffoldYaml);
}

/** A template of the caller's organization by name, if there is one. */
export async function templateNamed(
  db: Executor,
  context: ActingContext,
  name: string,
  options: { lock?: LockStrength } = {},
): Promise<TemplateRow | undefined> {
  const query = db
    .select()
    .from(template)
    .where(and(eq(template.organizationId, context.organizationId), eq(template.name, name.trim())))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row;
}

/** A template of the caller's organization by name; anything else is TEMPLATE_NOT_FOUND. */
export async function findTemplate(
  db: Executor,
  context: ActingContext,
  name: string,
  options: { lock?: LockStrength } = {},
): Promise<TemplateRow> {
  const row = await templateNamed(db, context, name, options);
  if (!row)
    throw new AppError('TEMPLATE_NOT_FOUND', `There is no template named "${name}" in this organization.`);
  return row;
}

/** The organization's templates, by name. */
export async function templatesOf(db: Executor, organizationId: string): Promise<TemplateRow[]> {
  return db
    .select()
    .from(template)
    .where(eq(template.organizationId, organizationId))
    .orderBy(asc(template.name));
}

async function projectKeysUsing(db: Executor, organizationId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ templateId: project.templateId, key: project.key })
    .from(project)
    .where(eq(project.organizationId, organizationId))
    .orderBy(asc(project.key));
  const keys = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.templateId) continue;
    keys.set(row.templateId, [...(keys.get(row.templateId) ?? []), row.key]);
  }
  return keys;
}

export async function listTemplates(db: Database, context: ActingContext): Promise<TemplateSummary[]> {
  const rows = await templatesOf(db, context.organizationId);
  const projects = await projectKeysUsing(db, context.organizationId);
  return rows.map((row) => {
    const { scaffoldYaml: _yaml, files, ...summary } = toTemplate(row);
    const config = configOf(row);
    return {
      ...summary,
      boilerplates: config.boilerplates.map(toMethodSummary),
      features: config.features.map(toMethodSummary),
      fileCount: Object.keys(files).length,
      projects: projects.get(row.id) ?? [],
    };
  });
}

/**
 * Checks a template before it is stored: the size limits first (cheap, and a huge upload should not
 * be parsed), then scaffold.yaml, then that every include names a file the template has (left out
 * for the admin MCP tools, which add a method first and its files after). Every refusal is
 * TEMPLATE_INVALID with the engine's words, which name the line or the file.
 */
export function validateTemplate(
  scaffoldYaml: string,
  files: TemplateFiles,
  options: { requireIncludedFiles?: boolean } = {},
): ScaffoldConfig {
  try {
    checkTemplateSize(files, scaffoldYaml);
    const config = parseScaffoldYaml(scaffoldYaml);
    if (options.requireIncludedFiles === false) return config;
    const missing = [...config.boilerplates, ...config.features].flatMap((method) =>
      method.includes
        .filter((include) => !includedFileExists(files, include.source))
        .map((include) => `${method.name} includes "${include.source}", which is not among the files`),
    );
    if (missing.length > 0) {
      throw new AppError('TEMPLATE_INVALID', `The template is missing files: ${missing.join('; ')}.`, {
        problems: missing.map((message) => ({ field: 'files', message })),
      });
    }
    return config;
  } catch (error) {
    if (isTemplateError(error)) {
      throw new AppError('TEMPLATE_INVALID', error.message, { code: error.code, problems: error.problems });
    }
    throw error;
  }
}

/** As the renderer finds a source: the file, its `.liquid` form, or a folder of files. */
function includedFileExists(files: TemplateFiles, source: string): boolean {
  const path = source.replace(/^\.\//, '').replace(/\/+$/, '');
  if (Object.hasOwn(files, path) || Object.hasOwn(files, `${path}.liquid`)) return true;
  return Object.keys(files).some((file) => file.startsWith(`${path}/`));
}

async function refuseTakenName(tx: Transaction, context: ActingContext, name: string) {
  const [taken] = await tx
    .select({ id: template.id })
    .from(template)
    .where(and(eq(template.organizationId, context.organizationId), eq(template.name, name)))
    .limit(1);
  if (taken)
    throw new AppError('TEMPLATE_NAME_TAKEN', `Another template in this organization is named "${name}".`);
}

function describe(config: ScaffoldConfig): string {
  return `${config.boilerplates.length} boilerplates, ${config.features.length} features`;
}

export async function createTemplate(
  services: DomainServices,
  context: ActingContext,
  input: CreateTemplate,
  options: { requireIncludedFiles?: boolean } = {},
): Promise<Template> {
  const config = validateTemplate(input.scaffoldYaml, input.files, options);
  return runChange(services, context, async (tx, record, now) => {
    await refuseTakenName(tx, context, input.name);
    const [row] = await tx
      .insert(template)
      .values({
        id: crypto.randomUUID(),
        organizationId: context.organizationId,
        name: input.name,
        scaffoldYaml: input.scaffoldYaml,
        config,
        files: input.files,
        updatedBy: context.actor.name,
        ...madeAt(now),
      })
      .returning();
    if (!row) throw new Error('template insert returned nothing');
    await record({
      projectId: null,
      action: 'template.created',
      entity: 'template',
      entityId: row.id,
      summary: `created template ${row.name} (${describe(config)})`,
      data: { version: row.version, name: row.name },
    });
    return toTemplate(row);
  });
}

/** The same files with the same contents, in whatever order they were listed. */
function sameFiles(a: TemplateFiles, b: TemplateFiles): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((path) => path in b && a[path] === b[path]);
}

/**
 * Replaces a template's scaffold.yaml and files. `change` lets a caller derive them from the stored
 * ones inside the same locked transaction instead (the admin MCP tools add one method or one file).
 */
export async function replaceTemplate(
  services: DomainServices,
  context: ActingContext,
  name: string,
  input: ReplaceTemplate | ((current: TemplateRow) => { scaffoldYaml: string; files: TemplateFiles }),
): Promise<Template> {
  const given = typeof input === 'function' ? undefined : input;
  if (given) validateTemplate(given.scaffoldYaml, given.files);
  return runChange(services, context, async (tx, record, now) => {
    const current = await findTemplate(tx, context, name, { lock: 'update' });
    if (given?.version !== undefined && given.version !== current.version) {
      throw versionConflict('template', current.version);
    }
    const next = typeof input === 'function' ? input(current) : input;
    const config = validateTemplate(next.scaffoldYaml, next.files, { requireIncludedFiles: Boolean(given) });
    const fields = [
      ...(next.scaffoldYaml !== current.scaffoldYaml ? ['scaffoldYaml'] : []),
      ...(sameFiles(next.files, current.files) ? [] : ['files']),
    ];
    // Saving what is there already (a push of an unchanged folder) is no change: same version, no event.
    if (fields.length === 0) return toTemplate(current);
    const [row] = await tx
      .update(template)
      .set({
        scaffoldYaml: next.scaffoldYaml,
        config,
        files: next.files,
        updatedBy: context.actor.name,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(template.id, current.id))
      .returning();
    if (!row) throw new Error('template update returned nothing');
    await record({
      projectId: null,
      action: 'template.updated',
      entity: 'template',
      entityId: row.id,
      summary: `updated template ${row.name} (${describe(config)})`,
      data: { version: row.version, name: row.name, fields },
    });
    return toTemplate(row);
  });
}

export async function deleteTemplate(services: DomainServices, context: ActingContext, name: string) {
  return runChange(services, context, async (tx, record) => {
    const current = await findTemplate(tx, context, name, { lock: 'update' });
    // The projects using it are named in the record; the foreign key then clears their choice.
    const users = await tx
      .select({ key: project.key })
      .from(project)
      .where(eq(project.templateId, current.id));
    const projects = users.map((row) => row.key).sort();
    await tx.delete(template).where(eq(template.id, current.id));
    await record({
      projectId: null,
      action: 'template.deleted',
      entity: 'template',
      entityId: current.id,
      summary: `deleted template ${current.name}${projects.length ? ` (used by ${projects.join(', ')})` : ''}`,
      data: { name: current.name, projects },
    });
    return { deleted: { name: current.name, projects } };
  });
}

/**
 * Renders a boilerplate or feature of a stored template. The engine's refusals become API errors:
 * variables → VALIDATION_FAILED naming each field, an unknown method → SCAFFOLD_METHOD_NOT_FOUND,
 * anything the rendering refuses (unsafe target, endless loop, oversize output) → TEMPLATE_RENDER_FAILED.
 */
export async function renderTemplate(
  row: TemplateRow,
  input: PreviewTemplate & { kind?: ScaffoldMethodKind },
  share: RunOptions = {},
): Promise<ScaffoldResult> {
  try {
    const method = findMethod(configOf(row), input.method, input.kind);
    return await renderMethod({
      ...share,
      files: row.files,
      method,
      variables: input.variables,
      ...(input.targetFolder !== undefined && { targetFolder: input.targetFolder }),
    });
  } catch (error) {
    throw toAppError(error);
  }
}

/** An engine refusal as the API's error; anything else unchanged. */
export function toAppError(error: unknown): unknown {
  if (!isTemplateError(error)) return error;
  switch (error.code) {
    case 'INVALID_VARIABLES':
      return new AppError(
        'VALIDATION_FAILED',
        error.message,
        error.problems.map((problem) => ({
          path: ['variables', ...problem.field.split('.')],
          message: problem.message,
        })),
      );
    case 'METHOD_NOT_FOUND':
      return new AppError('SCAFFOLD_METHOD_NOT_FOUND', error.message);
    case 'INVALID_SCAFFOLD_YAML':
    case 'TEMPLATE_TOO_LARGE':
      return new AppError('TEMPLATE_INVALID', error.message, { code: error.code, problems: error.problems });
    default:
      return new AppError('TEMPLATE_RENDER_FAILED', error.message, { code: error.code });
  }
}

/** The template a project uses by default, or null when it names none. */
export async function templateOfProject(
  db: Executor,
  context: ActingContext,
  projectId: string,
): Promise<TemplateRow | null> {
  const [row] = await db
    .select({ template })
    .from(project)
    .innerJoin(template, eq(template.id, project.templateId))
    .where(and(eq(project.id, projectId), eq(project.organizationId, context.organizationId)))
    .limit(1);
  return row?.template ?? null;
}

/** How many scaffolds a task's devInfo keeps; the oldest go first, devInfo has a size limit. */
const SCAFFOLDS_KEPT = 50;

/**
 * Notes a scaffold on a task: devInfo.scaffolds gains {template, method, files, at}, written as a task
 * update (activity and event included). Retried on a version race, since the agent read no version.
 */
export async function recordScaffoldOnTask(
  services: DomainServices,
  context: ActingContext,
  reference: string,
  scaffold: { template: string; method: string; files: string[] },
): Promise<{ task: string; version: number }> {
  for (let attempt = 0; ; attempt++) {
    const { task: current } = await findTask(services.db, context, reference);
    const earlier = Array.isArray(current.devInfo.scaffolds) ? current.devInfo.scaffolds : [];
    const entry = { ...scaffold, at: services.clock.now().toISOString() };
    try {
      const updated = await updateTask(services, context, current.id, {
        version: current.version,
        devInfo: { ...current.devInfo, scaffolds: [...earlier, entry].slice(-SCAFFOLDS_KEPT) },
      });
      return { task: updated.key, version: updated.version };
    } catch (error) {
      if (attempt < 2 && error instanceof AppError && error.code === 'VERSION_CONFLICT') continue;
      throw error;
    }
  }
}
