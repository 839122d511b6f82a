import type { TypedApi } from '@switchboard/api-client';
import {
  type AgentProfile,
  type CreateAgentProfile,
  createAgentProfileSchema,
  type RealtimeEvent,
  type UpdateAgentProfile,
  updateAgentProfileSchema,
} from '@switchboard/api-client/contract';
import { roleAllows } from '@switchboard/auth/access';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { errorCodeOf, errorDetailsOf, fieldErrorsFrom, retryUnlessClientError } from '../../lib/api';

/** The organization's shared agent profiles: one list, patched by agent_profile.* events. */
export const agentKeys = {
  all: ['agents'] as const,
  list: () => ['agents', 'list'] as const,
};

export async function fetchAgentProfiles(api: TypedApi, signal?: AbortSignal): Promise<AgentProfile[]> {
  return (await api.agents.list({ signal })).items;
}

/** Every profile of the active organization, by name. Members and agents read them; admins change them. */
export const agentProfilesQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: agentKeys.list(),
    queryFn: ({ signal }) => fetchAgentProfiles(api, signal),
    retry: retryUnlessClientError,
  });

export function createAgentProfile(api: TypedApi, input: CreateAgentProfile): Promise<AgentProfile> {
  return api.agents.create({ body: input });
}

export function updateAgentProfile(
  api: TypedApi,
  name: string,
  input: UpdateAgentProfile,
): Promise<AgentProfile> {
  return api.agents.update({ agent: name, body: input });
}

/**
 * Without `confirm` the server deletes a profile nobody is assigned to, and answers 422
 * CONFIRMATION_REQUIRED (with how many tasks) when tasks are assigned to it; `confirm` unassigns them.
 * Resolves to how many tasks were unassigned.
 */
export async function deleteAgentProfile(
  api: TypedApi,
  name: string,
  options: { confirm: boolean; version?: number },
): Promise<number> {
  const { deleted } = await api.agents.delete({
    agent: name,
    query: { confirm: options.confirm ? 'true' : undefined, version: options.version },
  });
  return deleted.unassignedTasks;
}

export interface AssignedTasks {
  count: number;
  /** Task keys, as many as the server listed. */
  keys: string[];
}

const confirmationDetailsSchema = z.object({
  assignedTasks: z.number().int().min(0),
  tasks: z.array(z.string()).optional(),
});

/** From a 422 CONFIRMATION_REQUIRED: the tasks deleting the profile would unassign; null for other errors. */
export function assignedTasksOf(error: unknown): AssignedTasks | null {
  if (errorCodeOf(error) !== 'CONFIRMATION_REQUIRED') return null;
  const parsed = confirmationDetailsSchema.safeParse(errorDetailsOf(error));
  if (!parsed.success) return { count: 0, keys: [] };
  return { count: parsed.data.assignedTasks, keys: parsed.data.tasks ?? [] };
}

/** Profiles live under the organization's settings: managed by whoever may update it (owners, admins). */
export function canManageAgents(role: string | null | undefined): boolean {
  return role ? roleAllows(role, { organization: ['update'] }) : false;
}

/** 'Read, Edit, Bash(git *)' or one per line → the distinct tool names, in order. */
export function parseToolList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\n,]/)) {
    const tool = part.trim();
    if (tool) seen.add(tool);
  }
  return [...seen];
}

/** The form's fields, as typed. */
export interface AgentProfileForm {
  name: string;
  description: string;
  instructions: string;
  model: string;
  /** One tool per line (commas also separate). */
  tools: string;
}

export const EMPTY_AGENT_FORM: AgentProfileForm = {
  name: '',
  description: '',
  instructions: '',
  model: '',
  tools: '',
};

export function agentFormFrom(profile: AgentProfile): AgentProfileForm {
  return {
    name: profile.name,
    description: profile.description,
    instructions: profile.instructions,
    model: profile.model ?? '',
    tools: profile.tools.join('\n'),
  };
}

export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** What the form holds that both creating and updating send. */
function profileFields(form: AgentProfileForm) {
  const model = form.model.trim();
  return {
    description: form.description.trim(),
    instructions: form.instructions,
    model: model === '' ? null : model,
    tools: parseToolList(form.tools),
  };
}

function formResult<T>(parsed: z.ZodSafeParseResult<T>): FormResult<T> {
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: fieldErrorsFrom(parsed.error) };
}

/** The create body, validated with the contract's schema (field → first message when invalid). */
export function createInputFrom(form: AgentProfileForm): FormResult<CreateAgentProfile> {
  return formResult(
    createAgentProfileSchema.safeParse({ name: form.name.trim().toLowerCase(), ...profileFields(form) }),
  );
}

/** The update body (the name is the profile's identity and never changes), validated likewise. */
export function updateInputFrom(form: AgentProfileForm, version: number): FormResult<UpdateAgentProfile> {
  return formResult(updateAgentProfileSchema.safeParse({ version, ...profileFields(form) }));
}

/** Models offered in the form's suggestions; any other model name may be typed. */
export const MODEL_SUGGESTIONS = [
  'claude-opus-4-5',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'gpt-5',
  'gpt-5-codex',
  'gemini-2.5-pro',
] as const;

/** Adds or replaces a profile in a list kept by name; an older version never replaces a newer one. */
export function upsertProfile(profiles: readonly AgentProfile[], profile: AgentProfile): AgentProfile[] {
  const existing = profiles.find((candidate) => candidate.id === profile.id);
  if (existing && existing.version > profile.version) return [...profiles];
  return [...profiles.filter((candidate) => candidate.id !== profile.id), profile].sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

export function applyAgentChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'agent_profile.created':
    case 'agent_profile.updated':
      queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
        profiles ? upsertProfile(profiles, event.data.agent) : profiles,
      );
      break;
    case 'agent_profile.deleted':
      queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
        profiles?.filter((profile) => profile.id !== event.entityId),
      );
      break;
  }
}
