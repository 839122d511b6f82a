import type { TypedApi } from '@switchboard/api-client';
import type { ScaffoldMethodSummary, TemplateSummary } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';
import { apiIfSignedIn } from '../architecture/organization-rules';
import type { Runtime } from '../context';
import { AuthError, NotFoundError, UsageError } from '../exit-codes';
import { resolveProject } from '../projects';
import { projectRefFor } from '../repository';
import type { RenderedFile } from './write-files';

/** A template as the server keeps it: its scaffold.yaml and its files by path. */
export interface StoredTemplate {
  name: string;
  scaffoldYaml: string;
  files: Record<string, string>;
}

export function requireTemplatesApi(runtime: Runtime): TypedApi {
  const api = apiIfSignedIn(runtime);
  if (!api) {
    throw new AuthError(
      `Not logged in to ${runtime.server}: run \`switchboard login\`, or set SWITCHBOARD_API_KEY to an API key.`,
    );
  }
  return api;
}

/** The organization's templates, each with its boilerplates and features as the server read them. */
export async function listTemplates(api: TypedApi): Promise<TemplateSummary[]> {
  return (await api.templates.list()).items;
}

export async function fetchTemplate(api: TypedApi, name: string): Promise<StoredTemplate> {
  const template = await api.templates.get({ template: name });
  return { name: template.name, scaffoldYaml: template.scaffoldYaml, files: template.files };
}

/** A template's boilerplates and features, in that order. */
export function methodsOf(template: TemplateSummary): ScaffoldMethodSummary[] {
  return [...template.boilerplates, ...template.features];
}

/** --template, else the template of the project (--project, or the repository's linked one). */
export async function chosenTemplateName(
  runtime: Runtime,
  api: TypedApi,
  options: { template?: string | undefined; project?: string | undefined },
): Promise<string> {
  if (options.template) return options.template;
  const project = await resolveProject(api, projectRefFor(runtime, options.project));
  if (!project.template) {
    throw new UsageError(
      `Project ${project.key} has no template: name one with --template <name> (an owner or admin sets the project's template in the dashboard).`,
    );
  }
  return project.template;
}

/** A method by name: in the chosen template, else in any of the organization's templates. */
export async function findMethod(
  api: TypedApi,
  templateName: string | undefined,
  methodName: string,
): Promise<{ template: string; method: ScaffoldMethodSummary }> {
  const templates = await listTemplates(api);
  const searched = templateName ? templates.filter((template) => template.name === templateName) : templates;
  if (templateName && searched.length === 0) {
    throw new NotFoundError(`No template "${templateName}" in your active organization.`);
  }
  for (const template of searched) {
    const method = methodsOf(template).find((candidate) => candidate.name === methodName);
    if (method) return { template: template.name, method };
  }
  const known = searched.flatMap((template) => methodsOf(template).map((method) => method.name));
  throw new NotFoundError(
    `No scaffolding method "${methodName}"${templateName ? ` in template "${templateName}"` : ''}.${
      known.length > 0 ? ` Its methods: ${known.join(', ')}.` : ''
    }`,
  );
}

export interface Rendered {
  files: RenderedFile[];
  instruction: string;
  warnings: string[];
}

export async function renderOnServer(
  api: TypedApi,
  template: string,
  body: { method: string; variables: Record<string, unknown>; targetFolder?: string },
): Promise<Rendered> {
  return api.templates.preview({ template, body });
}

/**
 * Creates the template when the server has none of that name, else replaces it. `changed` is false
 * when the server already held exactly this (it then keeps the version), read from the version before.
 */
export async function saveTemplate(
  api: TypedApi,
  template: StoredTemplate,
): Promise<{ created: boolean; changed: boolean; version: number }> {
  const body = { scaffoldYaml: template.scaffoldYaml, files: template.files };
  const before = await api.templates.get({ template: template.name }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'TEMPLATE_NOT_FOUND') return undefined;
    throw error;
  });
  if (!before) {
    const saved = await api.templates.create({ body: { name: template.name, ...body } });
    return { created: true, changed: true, version: saved.version };
  }
  const saved = await api.templates.replace({ template: template.name, body });
  return { created: false, changed: saved.version !== before.version, version: saved.version };
}
