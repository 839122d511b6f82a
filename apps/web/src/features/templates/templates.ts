import type { TypedApi } from '@switchboard/api-client';
import type {
  RealtimeEvent,
  ScaffoldResult,
  Template,
  TemplateSummary,
} from '@switchboard/api-client/contract';
import { roleAllows } from '@switchboard/auth/access';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { errorCodeOf, errorDetailsOf, retryUnlessClientError } from '../../lib/api';

export type { Template, TemplateSummary };

/** A template's body as the API takes it, and as the AgiFlow folder holds it. */
export interface TemplateContent {
  scaffoldYaml: string;
  files: Record<string, string>;
}

export const templateKeys = {
  all: ['templates'] as const,
  list: () => ['templates', 'list'] as const,
  detail: (name: string) => ['templates', 'detail', name] as const,
};

export async function fetchTemplates(api: TypedApi, signal?: AbortSignal): Promise<TemplateSummary[]> {
  return (await api.templates.list({ signal })).items;
}

/** The organization's scaffolding templates, by name. */
export const templatesQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: templateKeys.list(),
    queryFn: ({ signal }) => fetchTemplates(api, signal),
    retry: retryUnlessClientError,
  });

export function fetchTemplate(api: TypedApi, name: string, signal?: AbortSignal): Promise<Template> {
  return api.templates.get({ template: name, signal });
}

/** One template: its scaffold.yaml and every file. */
export const templateQueryOptions = (api: TypedApi, name: string) =>
  queryOptions({
    queryKey: templateKeys.detail(name),
    queryFn: ({ signal }) => fetchTemplate(api, name, signal),
    retry: retryUnlessClientError,
  });

/** Renders a method with the variables given; nothing is written or recorded. */
export function previewTemplate(
  api: TypedApi,
  name: string,
  input: { method: string; variables: Record<string, unknown>; targetFolder?: string },
  signal?: AbortSignal,
): Promise<ScaffoldResult> {
  return api.templates.preview({ template: name, body: input, signal });
}

/** Saves a template under `name`: replaces the one of that name, or creates it when there is none. */
export async function uploadTemplate(
  api: TypedApi,
  name: string,
  content: TemplateContent,
  exists: boolean,
): Promise<Template> {
  return exists
    ? api.templates.replace({ template: name, body: content })
    : api.templates.create({ body: { name, ...content } });
}

export async function deleteTemplate(api: TypedApi, name: string): Promise<void> {
  await api.templates.delete({ template: name });
}

/** Templates sit in the organization's settings: written by whoever may update it (owners, admins). */
export function canManageTemplates(role: string | null | undefined): boolean {
  return role ? roleAllows(role, { organization: ['update'] }) : false;
}

/**
 * The server's refusal of a preview's variables, field by field (`{field, message}` or zod-like
 * `{path: ['variables', field]}` details); empty when the refusal is about something else.
 */
export function variableErrorsOf(error: unknown): Record<string, string> {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED') return {};
  const details = errorDetailsOf(error);
  const errors: Record<string, string> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { field, path, message } = detail as { field?: unknown; path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const name =
      typeof field === 'string'
        ? field
        : Array.isArray(path)
          ? String(path[0] === 'variables' ? (path[1] ?? '') : (path[0] ?? ''))
          : '';
    const key = name.replace(/^\//, '') || '_form';
    errors[key] ??= message;
  }
  return errors;
}

/** Keeps template queries in step with the stream: an open template follows another person's upload. */
export function applyTemplateChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'template.created':
    case 'template.updated':
    case 'template.deleted':
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      break;
  }
}
