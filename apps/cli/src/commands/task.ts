import { prioritySchema, type Task, type TaskStatus } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';
import type { Command } from 'commander';
import * as z from 'zod';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { UsageError } from '../exit-codes';
import { collectRepeated, labelCell, labelIdsByName } from '../labels';
import { parseOptions, printJson, printTable } from '../output';
import { findStatus, listStatuses, resolveProject } from '../projects';
import { projectRefFor } from '../repository';
import { resolveTaskNames, type TaskNames } from '../task-names';

const common = { apiUrl: z.string().optional(), json: z.boolean().default(false) };
const listSchema = z.object({
  ...common,
  project: z.string().optional(),
  status: z.string().optional(),
  assignee: z.string().max(64).optional(),
  priority: prioritySchema.optional(),
  search: z.string().max(200).optional(),
  label: z.array(z.string().max(50)).default([]),
  limit: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(100),
});
const showSchema = z.object(common);
const createSchema = z.object({
  ...common,
  project: z.string().optional(),
  description: z.string().max(100_000).optional(),
  priority: prioritySchema.optional(),
  assignee: z.string().max(64).optional(),
  status: z.string().optional(),
  label: z.array(z.string().max(50)).default([]),
});
const moveSchema = z.object(common);

/** A task with its status's name, the way `create` and `move` show and print it. */
type ShownTask = Task & { status: string };

const withStatus = (task: Task, statuses: readonly TaskStatus[]): ShownTask => ({
  ...task,
  status: statuses.find((status) => status.id === task.statusId)?.name ?? task.statusId,
});

/** A task as `show` and `list` present it: also its blockers by key and its claim's agent by name. */
type NamedTask = ShownTask & { blockedByKeys: string[]; claimedBy: string | null };

const withNames = (task: ShownTask, names: TaskNames): NamedTask => ({
  ...task,
  blockedByKeys: names.blockerKeys(task),
  claimedBy: names.claimHolder(task),
});

function requireStatus(statuses: readonly TaskStatus[], wanted: string): TaskStatus {
  const status = findStatus(statuses, wanted);
  if (!status) {
    throw new UsageError(
      `No status "${wanted}" in this project. Its statuses: ${statuses.map((s) => s.name).join(', ')}.`,
    );
  }
  return status;
}

function describeTask(task: NamedTask): string {
  const lines = [
    `${task.key}  ${task.title}`,
    `Status:    ${task.status}`,
    `Priority:  ${task.priority}`,
    `Assignee:  ${task.assignee ?? 'unassigned'}`,
  ];
  if (task.labels?.length) lines.push(`Labels:    ${labelCell(task)}`);
  if (task.claim) lines.push(`Claimed:   by ${task.claimedBy} until ${task.claim.expiresAt}`);
  if (task.blockedByKeys.length > 0) lines.push(`Blocked by: ${task.blockedByKeys.join(', ')}`);
  if (task.description.trim()) lines.push('', task.description.trim());
  if (task.acceptanceCriteria.length > 0) {
    lines.push('', 'Acceptance criteria:');
    for (const item of task.acceptanceCriteria) lines.push(`  [${item.checked ? 'x' : ' '}] ${item.text}`);
  }
  return `${lines.join('\n')}\n`;
}

async function listTasks(runtime: Runtime, options: z.output<typeof listSchema>): Promise<void> {
  const api = runtime.api();
  const project = await resolveProject(api, projectRefFor(runtime, options.project));
  const statuses = await listStatuses(api, project.id);
  const statusId = options.status ? requireStatus(statuses, options.status).id : undefined;
  const tasks: Task[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.tasks.list({
      projectId: project.id,
      query: {
        statusId,
        assignee: options.assignee,
        priority: options.priority,
        search: options.search,
        // Every label named must be on the task; the API takes them as one comma list.
        label: options.label.length > 0 ? options.label.join(',') : undefined,
        limit: Math.min(options.limit - tasks.length, 1000),
        cursor,
      },
    });
    tasks.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && tasks.length < options.limit);
  const names = await resolveTaskNames(api, tasks);
  const shown = tasks.map((task) => withNames(withStatus(task, statuses), names));
  if (options.json) {
    printJson(runtime.stdout, shown);
    return;
  }
  printTable(
    runtime.stdout,
    ['KEY', 'STATUS', 'PRIORITY', 'ASSIGNEE', 'CLAIMED BY', 'BLOCKED BY', 'LABELS', 'TITLE'],
    shown.map((task) => [
      task.key,
      task.status,
      task.priority,
      task.assignee ?? '-',
      task.claimedBy ?? '-',
      task.blockedByKeys.join(',') || '-',
      labelCell(task),
      task.title,
    ]),
    `No tasks in ${project.key}${options.status || options.assignee || options.priority || options.search || options.label.length ? ' match' : ' yet'}.`,
  );
}

export function registerTask(program: Command, context: CliContext): void {
  const task = program.command('task').description("the linked project's tasks");

  task
    .command('list')
    .description('list tasks in board order')
    .option('--project <key>', 'project key or id (default: the one linked to this repository)')
    .option('--status <status>', 'only this status (name, e.g. "In Progress", or done/todo/review)')
    .option('--assignee <agent>', 'only tasks assigned to this agent')
    .option('--priority <priority>', 'only this priority: low, medium or high')
    .option('--search <text>', 'only tasks whose key, title or description contains this')
    .option(
      '--label <name>',
      'only tasks with this label (any case); repeat for tasks with all of them',
      collectRepeated,
    )
    .option('--limit <n>', 'at most this many tasks (1–1000)', '100')
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(listSchema, command.optsWithGlobals<GlobalOptions>());
      await listTasks(createRuntime(context, options), options);
    });

  task
    .command('show')
    .description('show one task')
    .argument('<task>', 'task key (SWB-12) or id')
    .option('--json', 'print JSON')
    .action(async (key: string, _options: unknown, command: Command) => {
      const options = parseOptions(showSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const api = runtime.api();
      const found = await api.tasks.get({ task: key.trim() });
      const [statuses, names] = await Promise.all([
        listStatuses(api, found.projectId),
        resolveTaskNames(api, [found]),
      ]);
      const shown = withNames(withStatus(found, statuses), names);
      if (options.json) printJson(runtime.stdout, shown);
      else runtime.stdout.write(describeTask(shown));
    });

  task
    .command('create')
    .description('create a task in the linked project')
    .argument('<title...>', 'the title (quotes optional)')
    .option('--project <key>', 'project key or id (default: the one linked to this repository)')
    .option('-d, --description <markdown>', 'description, in Markdown')
    .option('--priority <priority>', 'low, medium or high')
    .option('--assignee <agent>', 'agent profile to assign it to')
    .option('--status <status>', 'status to start in (default: the first to-do status)')
    .option('--label <name>', 'a label to put on it (any case); repeat for more', collectRepeated)
    .option('--json', 'print JSON')
    .action(async (words: string[], _options: unknown, command: Command) => {
      const options = parseOptions(createSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const api = runtime.api();
      const project = await resolveProject(api, projectRefFor(runtime, options.project));
      const statuses = await listStatuses(api, project.id);
      const created = await api.tasks.create({
        projectId: project.id,
        body: {
          title: words.join(' '),
          ...(options.description === undefined ? {} : { description: options.description }),
          ...(options.priority === undefined ? {} : { priority: options.priority }),
          ...(options.assignee === undefined ? {} : { assignee: options.assignee }),
          ...(options.status === undefined ? {} : { statusId: requireStatus(statuses, options.status).id }),
          ...(options.label.length > 0 ? { labelIds: await labelIdsByName(api, options.label) } : {}),
        },
      });
      const shown = withStatus(created, statuses);
      if (options.json) printJson(runtime.stdout, shown);
      else runtime.stdout.write(`Created ${shown.key}: ${shown.title} (${shown.status})\n`);
    });

  task
    .command('move')
    .description('move a task to another status')
    .argument('<task>', 'task key (SWB-12) or id')
    .argument('<status>', 'status name ("In Progress") or category (todo, in-progress, review, done)')
    .option('--json', 'print JSON')
    .action(async (key: string, wanted: string, _options: unknown, command: Command) => {
      const options = parseOptions(moveSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const api = runtime.api();
      let current = await api.tasks.get({ task: key.trim() });
      const statuses = await listStatuses(api, current.projectId);
      const target = requireStatus(statuses, wanted);
      let moved: Task | undefined;
      // Someone (an agent, often) may change the task between our read and our write: read again once.
      for (let attempt = 0; !moved; attempt++) {
        try {
          moved = await api.tasks.move({
            task: current.id,
            body: { version: current.version, statusId: target.id },
          });
        } catch (error) {
          if (attempt > 0 || !(error instanceof ApiError) || error.code !== 'VERSION_CONFLICT') throw error;
          current = await api.tasks.get({ task: current.id });
        }
      }
      const shown = withStatus(moved, statuses);
      if (options.json) printJson(runtime.stdout, shown);
      else runtime.stdout.write(`Moved ${shown.key} to ${shown.status}.\n`);
    });
}
