import type { ScaffoldMethodSummary } from '@switchboard/api-client/contract';
import type { Command } from 'commander';
import * as z from 'zod';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { NotFoundError, UsageError } from '../exit-codes';
import { parseOptions, printJson, printTable } from '../output';
import { workspaceRoot } from '../repository';
import {
  chosenTemplateName,
  findMethod,
  listTemplates,
  methodsOf,
  renderOnServer,
  requireTemplatesApi,
} from '../scaffold/templates-api';
import { missingRequired, parseVarFlags, typedValues, type VariablesSchema } from '../scaffold/variables';
import {
  assertSafeProjectFolder,
  planScaffold,
  UnsafeTargetError,
  writeScaffold,
} from '../scaffold/write-files';

const listSchema = z.object({
  apiUrl: z.string().optional(),
  project: z.string().optional(),
  template: z.string().trim().min(1).optional(),
  json: z.boolean().default(false),
});

const addSchema = listSchema.extend({
  var: z.array(z.string()).default([]),
  dryRun: z.boolean().default(false),
  targetFolder: z.string().trim().min(1).optional(),
  projectPath: z.string().trim().default(''),
});

function describeVariables(schema: VariablesSchema): string {
  const required = new Set(schema.required ?? []);
  return Object.keys(schema.properties ?? {})
    .map((name) => (required.has(name) ? `${name}*` : name))
    .join(', ');
}

/**
 * The template's features and boilerplates, plus the boilerplates of the organization's other
 * templates (a boilerplate starts a new project, so it is not tied to the project's template).
 */
async function list(runtime: Runtime, options: z.output<typeof listSchema>): Promise<void> {
  const api = requireTemplatesApi(runtime);
  const chosen = await chosenTemplateName(runtime, api, options).catch((error: unknown) => {
    // Without a project template, every template's boilerplates are still worth listing.
    if (error instanceof UsageError && !options.template) return undefined;
    throw error;
  });
  const templates = await listTemplates(api);
  if (chosen && !templates.some((template) => template.name === chosen)) {
    throw new NotFoundError(`No template "${chosen}" in your active organization.`);
  }
  const rows = templates.flatMap((template) =>
    methodsOf(template)
      .filter((method) => template.name === chosen || method.kind === 'boilerplate')
      .map((method) => ({ template: template.name, method })),
  );
  if (options.json) {
    printJson(runtime.stdout, {
      template: chosen ?? null,
      methods: rows.map(({ template, method }) => ({
        template,
        name: method.name,
        kind: method.kind,
        description: method.description ?? '',
        targetFolder: method.targetFolder ?? null,
        variablesSchema: method.variablesSchema,
      })),
    });
    return;
  }
  printTable(
    runtime.stdout,
    ['KIND', 'METHOD', 'TEMPLATE', 'VARIABLES', 'DESCRIPTION'],
    rows.map(({ template, method }) => [
      method.kind,
      method.name,
      template,
      describeVariables(method.variablesSchema as VariablesSchema) || '-',
      (method.description ?? '').split('\n')[0] ?? '',
    ]),
    chosen ? `Template "${chosen}" has no scaffolding methods.` : 'The organization has no templates yet.',
  );
  if (rows.length > 0)
    runtime.stdout.write('\n* required. Add one with: switchboard scaffold add <method> --var name=value\n');
}

/** Asks for each missing required variable on the terminal, one line each. */
async function promptFor(
  runtime: Runtime,
  schema: VariablesSchema,
  names: readonly string[],
): Promise<Record<string, string>> {
  const { createInterface } = await import('node:readline/promises');
  const prompt = createInterface({ input: runtime.terminal.stdin, output: runtime.terminal.stdout });
  const answers: Record<string, string> = {};
  try {
    for (const name of names) {
      const description = schema.properties?.[name]?.description;
      let answer = '';
      while (answer === '') {
        answer = (await prompt.question(`${name}${description ? ` (${description})` : ''}: `)).trim();
      }
      answers[name] = answer;
    }
  } finally {
    prompt.close();
  }
  return answers;
}

async function variablesFor(
  runtime: Runtime,
  method: ScaffoldMethodSummary,
  flags: readonly string[],
): Promise<Record<string, unknown>> {
  const schema = method.variablesSchema as VariablesSchema;
  const values = typedValues(schema, parseVarFlags(flags));
  const missing = missingRequired(schema, values);
  if (missing.length === 0) return values;
  if (!runtime.terminal.stdin.isTTY) {
    throw new UsageError(
      `${method.name} needs ${missing.map((name) => `--var ${name}=…`).join(' ')} (missing: ${missing.join(', ')}).`,
    );
  }
  return { ...values, ...typedValues(schema, await promptFor(runtime, schema, missing)) };
}

async function add(runtime: Runtime, methodName: string, options: z.output<typeof addSchema>): Promise<void> {
  const api = requireTemplatesApi(runtime);
  // Without a template of the project, the method is looked for in every template.
  const templateName = await chosenTemplateName(runtime, api, options).catch((error: unknown) => {
    if (error instanceof UsageError && !options.template) return undefined;
    throw error;
  });
  const root = workspaceRoot(runtime.cwd);
  try {
    assertSafeProjectFolder(root, options.projectPath);
  } catch (error) {
    if (error instanceof UnsafeTargetError) throw new UsageError(`--project-path: ${error.message}`);
    throw error;
  }
  const { template: templateOfMethod, method } = await findMethod(api, templateName, methodName);
  const variables = await variablesFor(runtime, method, options.var);
  const rendered = await renderOnServer(api, templateOfMethod, {
    method: method.name,
    variables,
    ...(options.targetFolder ? { targetFolder: options.targetFolder } : {}),
  });
  let plan: ReturnType<typeof planScaffold>;
  try {
    plan = planScaffold(root, options.projectPath, rendered.files);
  } catch (error) {
    if (error instanceof UnsafeTargetError) throw new UsageError(error.message);
    throw error;
  }
  const out = runtime.stdout;
  if (options.dryRun) {
    if (options.json) {
      printJson(out, {
        template: templateOfMethod,
        method: method.name,
        dryRun: true,
        files: plan.entries.map((entry) => ({
          path: entry.shown,
          exists: entry.exists,
          content: entry.content,
        })),
        instruction: rendered.instruction,
        warnings: rendered.warnings,
      });
      return;
    }
    out.write(`Dry run: ${method.name} of template "${templateOfMethod}" would write into ${plan.root}:\n`);
    for (const entry of plan.entries) {
      out.write(`\n--- ${entry.shown}${entry.exists ? ' (exists: would be left unchanged)' : ''}\n`);
      out.write(entry.content.endsWith('\n') || entry.content === '' ? entry.content : `${entry.content}\n`);
    }
    for (const warning of rendered.warnings) out.write(`\nwarning: ${warning}\n`);
    return;
  }
  const report = writeScaffold(plan);
  if (options.json) {
    printJson(out, {
      template: templateOfMethod,
      method: method.name,
      ...report,
      instruction: rendered.instruction,
      warnings: rendered.warnings,
    });
    return;
  }
  out.write(`${method.name} of template "${templateOfMethod}":\n`);
  for (const path of report.createdFiles) out.write(`  created  ${path}\n`);
  for (const path of report.existingFiles) out.write(`  exists   ${path} (left unchanged)\n`);
  for (const warning of rendered.warnings) out.write(`warning: ${warning}\n`);
  if (rendered.instruction.trim()) out.write(`\n${rendered.instruction.trim()}\n`);
}

export function registerScaffold(program: Command, context: CliContext): void {
  const scaffold = program
    .command('scaffold')
    .description("create files from the organization's templates (AgiFlow scaffold.yaml methods)");
  const common = (command: Command) =>
    command
      .option('--template <name>', 'the template (default: the one of the project)')
      .option('--project <key>', 'project whose template to use (default: the one linked to this repository)')
      .option('--json', 'print JSON');

  common(
    scaffold
      .command('list')
      .description("list the project template's features and the organization's boilerplates"),
  ).action(async (_options: unknown, command: Command) => {
    const options = parseOptions(listSchema, command.optsWithGlobals<GlobalOptions>());
    await list(createRuntime(context, options), options);
  });

  common(
    scaffold
      .command('add')
      .description(
        'render a method and write its files into this repository; existing files are never overwritten',
      )
      .argument('<method>', 'a boilerplate or feature name (see scaffold list)')
      .option(
        '--var <name=value>',
        'a variable of the method, repeatable (asked for on a terminal when required and missing)',
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .option('--dry-run', 'print the files it would write, and write nothing')
      .option('--target-folder <folder>', "a boilerplate's folder instead of its targetFolder")
      .option(
        '--project-path <folder>',
        'the project folder a feature goes in, relative to the repository root',
      ),
  ).action(async (method: string, _options: unknown, command: Command) => {
    const options = parseOptions(addSchema, command.optsWithGlobals<GlobalOptions>());
    await add(createRuntime(context, options), method, options);
  });
}
