import type { TypedApi } from '@switchboard/api-client';
import {
  type RealtimeEvent,
  type ReviewResultJson,
  type RuleSet,
  type RuleSetSummary,
  ruleSetSchema,
  type TaskFinding,
} from '@switchboard/api-client/contract';
import type { YamlError } from '@switchboard/architecture';
import { roleAllows } from '@switchboard/auth/access';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as z from 'zod';
import { errorCodeOf, errorDetailsOf, retryUnlessClientError } from '../../lib/api';

/** Rule sets and the findings reviews leave on tasks: two families of queries, each invalidated as one. */
export const ruleSetKeys = {
  all: ['rule-sets'] as const,
  list: () => ['rule-sets', 'list'] as const,
  detail: (name: string) => ['rule-sets', 'detail', name] as const,
};

export const findingKeys = {
  all: ['findings'] as const,
  ofTask: (taskId: string) => ['findings', 'task', taskId] as const,
};

export async function fetchRuleSets(api: TypedApi, signal?: AbortSignal): Promise<RuleSetSummary[]> {
  return (await api.ruleSets.list({ signal })).items;
}

/** The organization's rule sets, by name, with their counts and the projects using them. */
export const ruleSetsQueryOptions = (api: TypedApi) =>
  queryOptions({
    queryKey: ruleSetKeys.list(),
    queryFn: ({ signal }) => fetchRuleSets(api, signal),
    retry: retryUnlessClientError,
  });

/**
 * One rule set as the server keeps it. The editor writes its AgiFlow files from this answer (not from
 * ?format=yaml), so the text and the version it was read at always belong together.
 */
export async function fetchRuleSet(api: TypedApi, name: string, signal?: AbortSignal): Promise<RuleSet> {
  return ruleSetSchema.parse(await api.ruleSets.get({ ruleSet: name, signal }));
}

export const ruleSetQueryOptions = (api: TypedApi, name: string) =>
  queryOptions({
    queryKey: ruleSetKeys.detail(name),
    queryFn: ({ signal }) => fetchRuleSet(api, name, signal),
    retry: retryUnlessClientError,
  });

export interface RuleSetFiles {
  architectYaml: string;
  rulesYaml: string;
}

export function createRuleSet(api: TypedApi, input: { name: string; description: string } & RuleSetFiles) {
  return api.ruleSets.create({ body: input });
}

/** Saves both files; `version` is the one read, so a save over someone else's answers 409. */
export function saveRuleSetFiles(api: TypedApi, name: string, files: RuleSetFiles, version: number) {
  return api.ruleSets.update({ ruleSet: name, body: { ...files, version } });
}

/** Renames or describes a rule set, at the version read; its patterns and rules stay as they are. */
export function updateRuleSetDetails(
  api: TypedApi,
  ruleSet: Pick<RuleSet, 'name' | 'version'>,
  details: { name: string; description: string },
) {
  return api.ruleSets.update({
    ruleSet: ruleSet.name,
    body: {
      ...(details.name === ruleSet.name ? {} : { name: details.name }),
      description: details.description,
      version: ruleSet.version,
    },
  });
}

/** Resolves to the keys of the projects left without a rule set. */
export async function deleteRuleSet(api: TypedApi, name: string): Promise<string[]> {
  const { deleted } = await api.ruleSets.delete({ ruleSet: name });
  return deleted.projects;
}

/** Reviews one file against a saved rule set; nothing is recorded. */
export function tryRuleSet(
  api: TypedApi,
  name: string,
  input: { filePath: string; content: string; diff?: string },
): Promise<ReviewResultJson> {
  return api.ruleSets.review({
    ruleSet: name,
    body: { file_path: input.filePath, content: input.content, diff: input.diff },
  });
}

export async function fetchTaskFindings(
  api: TypedApi,
  taskId: string,
  signal?: AbortSignal,
): Promise<TaskFinding[]> {
  return (await api.findings.list({ task: taskId, signal })).items;
}

/** Every finding of a task, open and dismissed; reviews replace a file's findings, events refresh the list. */
export const taskFindingsQueryOptions = (api: TypedApi, taskId: string) =>
  queryOptions({
    queryKey: findingKeys.ofTask(taskId),
    queryFn: ({ signal }) => fetchTaskFindings(api, taskId, signal),
    retry: retryUnlessClientError,
  });

export function dismissFinding(api: TypedApi, findingId: string, reason: string): Promise<TaskFinding> {
  return api.findings.dismiss({ findingId, body: { reason } });
}

/** Rule sets sit in the organization's settings: written by whoever may update it (owners, admins). */
export function canManageRuleSets(role: string | null | undefined): boolean {
  return role ? roleAllows(role, { organization: ['update'] }) : false;
}

/** A new rule set's files: valid, and empty, so the editor opens on something that saves. */
export const EMPTY_RULE_SET_FILES: RuleSetFiles = {
  architectYaml: 'features: []\n',
  rulesYaml: 'version: "1"\nrules: []\n',
};

const yamlIssueSchema = z.object({
  path: z.tuple([z.enum(['architectYaml', 'rulesYaml'])]).rest(z.unknown()),
  line: z.number().int().min(1),
  column: z.number().int().min(1).optional(),
  message: z.string(),
});

/**
 * The lines the server refused in a save, per file; null when the refusal is not about YAML lines
 * (then the error is worded as any other).
 */
export function yamlProblemsOf(error: unknown): { architect: YamlError[]; rules: YamlError[] } | null {
  if (errorCodeOf(error) !== 'VALIDATION_FAILED') return null;
  const details = errorDetailsOf(error);
  if (!Array.isArray(details)) return null;
  const problems = { architect: [] as YamlError[], rules: [] as YamlError[] };
  for (const detail of details) {
    const issue = yamlIssueSchema.safeParse(detail);
    if (!issue.success) continue;
    const { path, ...problem } = issue.data;
    (path[0] === 'architectYaml' ? problems.architect : problems.rules).push(problem);
  }
  return problems.architect.length + problems.rules.length > 0 ? problems : null;
}

/** Puts a finding as the server now has it into its task's list (a dismissal, from the answer or an event). */
export function storeFinding(queryClient: QueryClient, finding: TaskFinding): void {
  queryClient.setQueryData<TaskFinding[]>(findingKeys.ofTask(finding.taskId), (findings) =>
    findings?.map((existing) => (existing.id === finding.id ? finding : existing)),
  );
}

/**
 * Keeps rule set and finding queries in step with the stream. Kept here, beside the keys, so the
 * stream's handler stays free of the YAML engine the editor loads.
 */
export function applyArchitectureChange(queryClient: QueryClient, event: RealtimeEvent): void {
  switch (event.action) {
    case 'task.reviewed':
      // A review replaces the file's earlier findings: the task's list is read again.
      void queryClient.invalidateQueries({ queryKey: findingKeys.ofTask(event.data.task.id) });
      break;
    case 'task.finding_dismissed':
      storeFinding(queryClient, event.data.finding);
      break;
    case 'rule_set.created':
    case 'rule_set.updated':
    case 'rule_set.deleted':
      // An open editor follows, keeping any edits the person has in progress.
      void queryClient.invalidateQueries({ queryKey: ruleSetKeys.all });
      break;
  }
}
