import type { TypedApi } from '@switchboard/api-client';
import { ApiError } from '@switchboard/api-client/errors';
import type { RuleSetContent } from '@switchboard/architecture';
import type { Runtime } from '../context';
import { UsageError } from '../exit-codes';
import { resolveProject } from '../projects';
import { projectRefFor } from '../repository';
import { serverMessageOf } from '../server-message';

/** The organization's rule set a review layers the repository's files over, or why there is none. */
export type OrganizationRules =
  | { kind: 'rule-set'; name: string; content: RuleSetContent }
  | { kind: 'none'; reason: string };

/**
 * The REST API as whoever this run acts as: SWITCHBOARD_API_KEY first (CI and agents), else the stored
 * login; undefined when neither is there.
 */
export function apiIfSignedIn(runtime: Runtime): TypedApi | undefined {
  if (runtime.env.apiKey) return runtime.anonymousApi({ apiKey: runtime.env.apiKey });
  return runtime.credential() ? runtime.api() : undefined;
}

/**
 * The rule set of the project (--project, else the repository's linked project), or the one named by
 * --rule-set. Without a login, a linked project or a rule set on the project, the review uses the
 * repository's files only; that is said, not an error.
 */
export async function loadOrganizationRules(
  runtime: Runtime,
  options: { project?: string | undefined; ruleSet?: string | undefined },
): Promise<OrganizationRules> {
  const api = apiIfSignedIn(runtime);
  if (!api) return { kind: 'none', reason: `not logged in to ${runtime.server}` };
  const name = options.ruleSet ?? (await projectRuleSet(runtime, api, options.project));
  if (typeof name !== 'string') return name;
  const answer = await api.ruleSets.get({ ruleSet: name });
  if (!('content' in answer)) throw new Error('the server answered a rule set without its content');
  return { kind: 'rule-set', name: answer.name, content: answer.content };
}

async function projectRuleSet(
  runtime: Runtime,
  api: TypedApi,
  flag: string | undefined,
): Promise<string | { kind: 'none'; reason: string }> {
  let ref: ReturnType<typeof projectRefFor>;
  try {
    ref = projectRefFor(runtime, flag);
  } catch (error) {
    if (error instanceof UsageError)
      return { kind: 'none', reason: 'no project is linked to this repository' };
    throw error;
  }
  const project = await resolveProject(api, ref);
  return project.ruleSet ?? { kind: 'none', reason: `project ${project.key} has no rule set` };
}

/**
 * For commands that can go on without the organization's rules (review, the local MCP tools): a
 * server that cannot be reached or refuses the login becomes a warning and a review of the
 * repository's files, so a commit hook still runs offline.
 */
export async function organizationRulesOrWarning(
  runtime: Runtime,
  options: { project?: string | undefined; ruleSet?: string | undefined },
): Promise<{ rules: OrganizationRules; warning?: string }> {
  try {
    return { rules: await loadOrganizationRules(runtime, options) };
  } catch (error) {
    // What the user named explicitly must exist; only the implicit lookup may fall back.
    if (error instanceof UsageError || options.project !== undefined || options.ruleSet !== undefined)
      throw error;
    const why =
      error instanceof ApiError
        ? serverMessageOf(error)
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      rules: { kind: 'none', reason: 'the organization rule set could not be loaded' },
      warning: `could not load the organization's rule set from ${runtime.server} (${why}); using the repository's rule files only.`,
    };
  }
}
