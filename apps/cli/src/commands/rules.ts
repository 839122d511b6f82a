import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TypedApi } from '@switchboard/api-client';
import { ApiError } from '@switchboard/api-client/errors';
import { type ParseResult, parseArchitectYaml, parseRulesYaml } from '@switchboard/architecture';
import type { Command } from 'commander';
import * as z from 'zod';
import { apiIfSignedIn } from '../architecture/organization-rules';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { AuthError, CliError, UsageError } from '../exit-codes';
import { parseOptions, printJson } from '../output';
import { resolveProject } from '../projects';
import { readIfPresent } from '../read-if-present';
import { projectRefFor } from '../repository';

const ARCHITECT_FILE = 'architect.yaml';
const RULES_FILE = 'RULES.yaml';

const syncSchema = z.object({
  apiUrl: z.string().optional(),
  project: z.string().optional(),
  ruleSet: z.string().trim().min(1).max(64).optional(),
  json: z.boolean().default(false),
});
type SyncOptions = z.output<typeof syncSchema>;

function requireApi(runtime: Runtime): TypedApi {
  const api = apiIfSignedIn(runtime);
  if (!api) {
    throw new AuthError(
      `Not logged in to ${runtime.server}: run \`switchboard login\`, or set SWITCHBOARD_API_KEY to an API key.`,
    );
  }
  return api;
}

/**
 * --rule-set, else the `template:` RULES.yaml names (as the REST API names a rule set saved without a
 * name), else the rule set of the project (--project, or the repository's linked one).
 */
async function ruleSetName(
  runtime: Runtime,
  api: TypedApi,
  options: SyncOptions,
  namedInFiles?: string,
): Promise<string> {
  if (options.ruleSet) return options.ruleSet;
  if (namedInFiles) return namedInFiles;
  const project = await resolveProject(api, projectRefFor(runtime, options.project));
  if (!project.ruleSet) {
    throw new UsageError(
      `Project ${project.key} has no rule set: name one with --rule-set <name> (an owner or admin sets the project's rule set in the dashboard).`,
    );
  }
  return project.ruleSet;
}

async function pull(runtime: Runtime, folder: string, options: SyncOptions): Promise<void> {
  const api = requireApi(runtime);
  const name = await ruleSetName(runtime, api, options);
  const answer = await api.ruleSets.get({ ruleSet: name, query: { format: 'yaml' } });
  if (!('architectYaml' in answer)) throw new Error('the server answered a rule set without its YAML files');
  const target = resolve(runtime.cwd, folder);
  mkdirSync(target, { recursive: true });
  const written = [join(target, ARCHITECT_FILE), join(target, RULES_FILE)];
  writeFileSync(written[0] as string, answer.architectYaml);
  writeFileSync(written[1] as string, answer.rulesYaml);
  if (options.json) {
    printJson(runtime.stdout, { ruleSet: answer.name, files: written });
    return;
  }
  runtime.stdout.write(`Wrote rule set "${answer.name}" to ${written.join(' and ')}.\n`);
}

/** Checked here first, so a mistake is shown with its file and line without a round trip. */
function checkLocally(path: string, result: ParseResult<unknown>): string[] {
  if (result.ok) return [];
  return result.errors.map(
    (error) => `  ${path}:${error.line}${error.column ? `:${error.column}` : ''}: ${error.message}`,
  );
}

async function push(runtime: Runtime, folder: string, options: SyncOptions): Promise<void> {
  const source = resolve(runtime.cwd, folder);
  const architectPath = join(source, ARCHITECT_FILE);
  const rulesPath = join(source, RULES_FILE);
  const architectYaml = readIfPresent(architectPath);
  const rulesYaml = readIfPresent(rulesPath);
  if (architectYaml === undefined && rulesYaml === undefined) {
    throw new UsageError(`${source} holds neither ${ARCHITECT_FILE} nor ${RULES_FILE}.`);
  }
  const rules = rulesYaml === undefined ? undefined : parseRulesYaml(rulesYaml);
  const problems = [
    ...(architectYaml === undefined ? [] : checkLocally(architectPath, parseArchitectYaml(architectYaml))),
    ...(rules === undefined ? [] : checkLocally(rulesPath, rules)),
  ];
  if (problems.length > 0) throw new CliError(`The rule files are not valid:\n${problems.join('\n')}`);

  const api = requireApi(runtime);
  const name = await ruleSetName(runtime, api, options, rules?.ok ? rules.value.template : undefined);
  const body = {
    ...(architectYaml === undefined ? {} : { architectYaml }),
    ...(rulesYaml === undefined ? {} : { rulesYaml }),
  };
  // The version before tells whether the push changed anything: the server keeps it for the same files.
  const before = await api.ruleSets.get({ ruleSet: name }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'RULE_SET_NOT_FOUND') return undefined;
    throw error;
  });
  const created = before === undefined;
  const saved = created
    ? await api.ruleSets.create({ body: { name, ...body } })
    : await api.ruleSets.update({ ruleSet: name, body });
  const changed = created || !('version' in before) || saved.version !== before.version;
  const counts = { patterns: saved.content.patterns.length, rules: saved.content.rules.length };
  if (options.json) {
    printJson(runtime.stdout, { ruleSet: saved.name, version: saved.version, created, changed, ...counts });
    return;
  }
  const what = `${counts.patterns} design patterns, ${counts.rules} rules`;
  runtime.stdout.write(
    changed
      ? `${created ? 'Created' : 'Updated'} rule set "${saved.name}" (version ${saved.version}): ${what}.\n`
      : `Rule set "${saved.name}" is unchanged (version ${saved.version}): ${what}.\n`,
  );
}

export function registerRules(program: Command, context: CliContext): void {
  const rules = program
    .command('rules')
    .description("sync an organization's architecture rule set with a folder in AgiFlow's layout");
  const common = (command: Command) =>
    command
      .option(
        '--rule-set <name>',
        "the rule set (default: push uses the template RULES.yaml names; else the project's)",
      )
      .option('--project <key>', 'project whose rule set to use (default: the one linked to this repository)')
      .option('--json', 'print JSON');

  common(
    rules
      .command('pull')
      .description(
        `write the rule set as <folder>/${ARCHITECT_FILE} and <folder>/${RULES_FILE} (overwriting them)`,
      )
      .argument('<folder>', 'where to write the files'),
  ).action(async (folder: string, _options: unknown, command: Command) => {
    const options = parseOptions(syncSchema, command.optsWithGlobals<GlobalOptions>());
    await pull(createRuntime(context, options), folder, options);
  });

  common(
    rules
      .command('push')
      .description(
        `replace the rule set with <folder>/${ARCHITECT_FILE} and <folder>/${RULES_FILE}, creating it when new (owners and admins)`,
      )
      .argument('<folder>', 'where to read the files'),
  ).action(async (folder: string, _options: unknown, command: Command) => {
    const options = parseOptions(syncSchema, command.optsWithGlobals<GlobalOptions>());
    await push(createRuntime(context, options), folder, options);
  });
}
