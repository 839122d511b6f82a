import { type Plan, type PlanItem, planStatusSchema } from '@switchboard/api-client/contract';
import type { Command } from 'commander';
import * as z from 'zod';
import { type CliContext, createRuntime, type GlobalOptions } from '../context';
import { parseOptions, printJson, printTable } from '../output';
import { resolveProject } from '../projects';
import { projectRefFor } from '../repository';

const common = { apiUrl: z.string().optional(), json: z.boolean().default(false) };
const listSchema = z.object({
  ...common,
  project: z.string().optional(),
  status: planStatusSchema.optional(),
});
const showSchema = z.object({
  ...common,
  revision: z.coerce.number().int().min(1, 'must be at least 1').optional(),
});
const acceptSchema = z.object({
  ...common,
  items: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).min(1, 'name at least one item key'))
    .optional(),
});

/** Items as an indented outline: work units with what they hold beneath them, in the plan's order. */
function outlineOf(items: readonly PlanItem[]): string[] {
  const lines: string[] = [];
  const write = (parent: string | null, depth: number) => {
    for (const item of items.filter((candidate) => candidate.parent === parent)) {
      const facts = [
        item.priority ? `priority ${item.priority}` : '',
        item.estimateHours !== null ? `${item.estimateHours}h` : '',
        item.assignee ?? '',
        item.dependsOn.length ? `after ${item.dependsOn.join(', ')}` : '',
        item.acceptedAs ? `accepted as ${item.acceptedAs.key}` : '',
      ].filter(Boolean);
      const marker = item.kind === 'work_unit' ? '#' : '-';
      lines.push(
        `${'  '.repeat(depth)}${marker} ${item.key}: ${item.title}${facts.length ? `  (${facts.join('; ')})` : ''}`,
      );
      if (item.kind === 'work_unit') write(item.key, depth + 1);
    }
  };
  write(null, 0);
  return lines;
}

function actorName(actor: Plan['author']): string {
  return `${actor.name}${actor.type === 'agent' ? ' (agent)' : ''}`;
}

function describePlan(plan: Plan): string {
  const lines = [
    `${plan.title}  [${plan.status.replace('_', ' ')}]`,
    `Plan:      ${plan.id}`,
    `Revision:  ${plan.shownRevision}${plan.shownRevision === plan.revision ? '' : ` (current: ${plan.revision})`} by ${actorName(plan.revisionAuthor)}`,
    `Author:    ${actorName(plan.author)}`,
    `Accepted:  ${plan.acceptedCount} of ${plan.itemCount} items`,
  ];
  if (plan.rejectionReason) lines.push(`Rejected:  ${plan.rejectionReason}`);
  if (plan.summary.trim()) lines.push('', plan.summary.trim());
  lines.push('', ...outlineOf(plan.items));
  if (plan.warnings.length > 0) {
    lines.push('', 'Warnings:');
    for (const warning of plan.warnings) lines.push(`  ${warning.message}`);
  }
  return `${lines.join('\n')}\n`;
}

export function registerPlan(program: Command, context: CliContext): void {
  const plan = program.command('plan').description("the linked project's plans: proposed work to accept");

  plan
    .command('list')
    .description('list plans, newest first')
    .option('--project <key>', 'project key or id (default: the one linked to this repository)')
    .option(
      '--status <status>',
      'only this status: draft, proposed, accepted, partially_accepted, rejected …',
    )
    .option('--json', 'print JSON')
    .action(async (_options: unknown, command: Command) => {
      const options = parseOptions(listSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const api = runtime.api();
      const project = await resolveProject(api, projectRefFor(runtime, options.project));
      const { items } = await api.plans.list({
        projectId: project.id,
        query: options.status ? { status: options.status } : {},
      });
      if (options.json) {
        printJson(runtime.stdout, items);
        return;
      }
      printTable(
        runtime.stdout,
        ['ID', 'STATUS', 'ACCEPTED', 'AUTHOR', 'TITLE'],
        items.map((entry) => [
          entry.id,
          entry.status,
          `${entry.acceptedCount}/${entry.itemCount}`,
          entry.author.name,
          entry.title,
        ]),
        `No plans in ${project.key}${options.status ? ' match' : ' yet'}.`,
      );
    });

  plan
    .command('show')
    .description('show a plan: its items as an outline, what they became, and warnings')
    .argument('<plan>', 'plan id')
    .option('--revision <n>', 'an earlier revision of its items')
    .option('--json', 'print JSON')
    .action(async (planId: string, _options: unknown, command: Command) => {
      const options = parseOptions(showSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const shown = await runtime
        .api()
        .plans.get({ planId: planId.trim(), query: options.revision ? { revision: options.revision } : {} });
      if (options.json) printJson(runtime.stdout, shown);
      else runtime.stdout.write(describePlan(shown));
    });

  plan
    .command('accept')
    .description('accept a plan into work units and tasks: all of it, or the items named')
    .argument('<plan>', 'plan id')
    .option('--items <keys>', 'comma-separated item keys, e.g. W1,T1,T2 (default: every item)')
    .option('--json', 'print JSON')
    .action(async (planId: string, _options: unknown, command: Command) => {
      const options = parseOptions(acceptSchema, command.optsWithGlobals<GlobalOptions>());
      const runtime = createRuntime(context, options);
      const answer = await runtime.api().plans.accept({
        planId: planId.trim(),
        body: options.items ? { items: options.items } : {},
      });
      if (options.json) {
        printJson(runtime.stdout, answer);
        return;
      }
      const lines = [
        answer.created.length === 0
          ? `Nothing new to accept in "${answer.plan.title}".`
          : `Accepted ${answer.created.length} item${answer.created.length === 1 ? '' : 's'} of "${answer.plan.title}" (${answer.plan.status.replace('_', ' ')}):`,
        ...answer.created.map(
          (entry) => `  ${entry.key} → ${entry.reference}  ${entry.kind.replace('_', ' ')}`,
        ),
      ];
      if (answer.skipped.length > 0) lines.push(`Accepted before, skipped: ${answer.skipped.join(', ')}`);
      runtime.stdout.write(`${lines.join('\n')}\n`);
    });
}
