import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { ApiError } from '@switchboard/api-client/errors';
import { readTemplateFolder, toTemplateFolder } from '@switchboard/templates';
import type { Command } from 'commander';
import * as z from 'zod';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { CliError, describeError, UsageError } from '../exit-codes';
import { parseOptions, printJson } from '../output';
import {
  fetchTemplate,
  listTemplates,
  requireTemplatesApi,
  type StoredTemplate,
  saveTemplate,
} from '../scaffold/templates-api';
import { resolveTarget } from '../scaffold/write-files';

const syncSchema = z.object({
  apiUrl: z.string().optional(),
  template: z.string().trim().min(1).optional(),
  json: z.boolean().default(false),
});
type SyncOptions = z.output<typeof syncSchema>;

/** Folders a template folder never holds: version control and installed packages. */
const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

/** Every file under `folder` as `{ path, content }`, paths relative to it with forward slashes. */
function readTree(folder: string): { path: string; content: string }[] {
  const entries: { path: string; content: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) visit(full);
      } else if (entry.isFile()) {
        entries.push({
          path: relative(folder, full).split(sep).join('/'),
          content: readFileSync(full, 'utf8'),
        });
      }
    }
  };
  visit(folder);
  return entries;
}

/**
 * The files of `folder` as readTemplateFolder takes them: a single template's folder (holding
 * scaffold.yaml) under its own name, a repository root's templates/ folder alone (not the whole
 * repository), and any other folder as a templates folder.
 */
function templateEntries(folder: string): { path: string; content: string }[] {
  if (existsSync(join(folder, 'scaffold.yaml'))) {
    const name = basename(folder);
    return readTree(folder).map((entry) => ({ ...entry, path: `${name}/${entry.path}` }));
  }
  const templatesFolder = join(folder, 'templates');
  return readTree(existsSync(templatesFolder) ? templatesFolder : folder);
}

async function pull(runtime: Runtime, folder: string, options: SyncOptions): Promise<void> {
  const api = requireTemplatesApi(runtime);
  const names = options.template
    ? [options.template]
    : (await listTemplates(api)).map((template) => template.name);
  const templates: StoredTemplate[] = [];
  for (const name of names) templates.push(await fetchTemplate(api, name));
  const target = resolve(runtime.cwd, folder);
  const written: string[] = [];
  for (const entry of toTemplateFolder(templates)) {
    // Paths come from the server: each must stay inside the folder, as a scaffold's must.
    const path = resolveTarget(target, '', entry.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, entry.content);
    written.push(path);
  }
  if (options.json) {
    printJson(runtime.stdout, { templates: templates.map((template) => template.name), files: written });
    return;
  }
  runtime.stdout.write(
    templates.length === 0
      ? 'The organization has no templates yet.\n'
      : `Wrote ${templates.length} template${templates.length === 1 ? '' : 's'} (${written.length} files) to ${target}: ${templates.map((template) => template.name).join(', ')}.\n`,
  );
}

interface PushOutcome {
  name: string;
  created?: boolean;
  changed?: boolean;
  version?: number;
  error?: string;
}

async function push(runtime: Runtime, folder: string, options: SyncOptions): Promise<void> {
  const source = resolve(runtime.cwd, folder);
  let found: StoredTemplate[];
  try {
    found = readTemplateFolder(templateEntries(source));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`${source} does not exist.`);
    throw new CliError(`${source}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const chosen = options.template ? found.filter((template) => template.name === options.template) : found;
  if (chosen.length === 0) {
    throw new UsageError(
      options.template
        ? `${source} holds no template "${options.template}" (templates/${options.template}/scaffold.yaml).`
        : `${source} holds no templates: expected templates/<name>/scaffold.yaml and the files beside it.`,
    );
  }
  const api = requireTemplatesApi(runtime);
  const outcomes: PushOutcome[] = [];
  // One template's refusal does not stop the others; each is reported on its own.
  for (const template of chosen) {
    try {
      outcomes.push({ name: template.name, ...(await saveTemplate(api, template)) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.push({ name: template.name, error: describeError(error).replace(/^error: /, '') });
    }
  }
  const failed = outcomes.filter((outcome) => outcome.error !== undefined);
  if (options.json) printJson(runtime.stdout, { templates: outcomes });
  else {
    for (const outcome of outcomes) {
      runtime.stdout.write(
        outcome.error !== undefined
          ? `Template "${outcome.name}" was not saved: ${outcome.error}\n`
          : outcome.changed === false
            ? `Template "${outcome.name}" is unchanged (version ${outcome.version}).\n`
            : `${outcome.created ? 'Created' : 'Updated'} template "${outcome.name}" (version ${outcome.version}).\n`,
      );
    }
  }
  if (failed.length > 0) {
    throw new CliError(
      `${failed.length} of ${outcomes.length} template${outcomes.length === 1 ? '' : 's'} not saved: ${failed.map((outcome) => outcome.name).join(', ')}.`,
    );
  }
}

export function registerTemplates(program: Command, context: CliContext): void {
  const templates = program
    .command('templates')
    .description("sync the organization's scaffolding templates with a folder in AgiFlow's layout");

  templates
    .command('pull')
    .description(
      'write every template (or --template) as <folder>/templates/<name>/scaffold.yaml and its files',
    )
    .argument('<folder>', 'where to write them, e.g. . for the repository root')
    .option('--template <name>', 'only this template')
    .option('--json', 'print JSON')
    .action(async (folder: string, _options: unknown, command: Command) => {
      const options = parseOptions(syncSchema, command.optsWithGlobals<GlobalOptions>());
      await pull(createRuntime(context, options), folder, options);
    });

  templates
    .command('push')
    .description(
      'save each <folder>/templates/<name>/ as the template <name>, creating it when new (owners and admins)',
    )
    .argument('<folder>', 'where to read them, e.g. . for the repository root')
    .option('--template <name>', 'only this template')
    .option('--json', 'print JSON')
    .action(async (folder: string, _options: unknown, command: Command) => {
      const options = parseOptions(syncSchema, command.optsWithGlobals<GlobalOptions>());
      await push(createRuntime(context, options), folder, options);
    });
}
