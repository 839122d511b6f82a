import {
  mcpBoilerplateListSchema,
  mcpListBoilerplatesSchema,
  mcpScaffoldAnswerSchema,
  mcpUseBoilerplateSchema,
} from '@switchboard/api-client/contract';
import { AppError } from '../../../domain/errors';
import {
  configOf,
  findTemplate,
  renderTemplate,
  type TemplateRow,
  templatesOf,
} from '../../../domain/scaffolding/templates';
import { workShare } from '../../../http/worker-failures';
import { defineTool, type ToolCall, type ToolKit } from '../../tooling';
import { page } from './pages';

async function organizationTemplates(call: ToolCall): Promise<TemplateRow[]> {
  return templatesOf(call.services.db, call.caller.acting.organizationId);
}

/** The template holding a boilerplate of this name; the `template` argument settles a name two share. */
async function boilerplateTemplate(
  call: ToolCall,
  name: string,
  template: string | undefined,
): Promise<TemplateRow> {
  if (template) return findTemplate(call.services.db, call.caller.acting, template);
  const holders = (await organizationTemplates(call)).filter((row) =>
    configOf(row).boilerplates.some((method) => method.name === name),
  );
  if (holders.length === 1) return holders[0] as TemplateRow;
  if (holders.length === 0) {
    throw new AppError(
      'SCAFFOLD_METHOD_NOT_FOUND',
      `No template of this organization has a boilerplate named "${name}"; list-boilerplates names them.`,
    );
  }
  throw new AppError(
    'VALIDATION_FAILED',
    `template: the templates ${holders.map((row) => row.name).join(' and ')} both have a boilerplate "${name}"; name one.`,
  );
}

export function registerListBoilerplates(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'list-boilerplates',
      title: 'List boilerplates',
      description:
        "The boilerplates (new projects or packages) of the organization's templates, with their variables_schema. Then use-boilerplate.",
      input: mcpListBoilerplatesSchema,
      output: mcpBoilerplateListSchema,
      readOnly: true,
    },
    async ({ cursor }, call) => {
      const all = (await organizationTemplates(call)).flatMap((row) =>
        configOf(row).boilerplates.map((method) => ({
          name: method.name,
          template: row.name,
          description: method.description ?? null,
          targetFolder: method.targetFolder ?? null,
          variables_schema: method.variablesSchema,
        })),
      );
      const { items, nextCursor } = page(all, cursor);
      return { boilerplates: items, nextCursor };
    },
  );
}

export function registerUseBoilerplate(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'use-boilerplate',
      title: 'Use a boilerplate',
      description:
        'Renders a boilerplate with your variables and answers the files to write (paths relative to the project root) and what to do next. Nothing is written for you; existing files are yours to keep.',
      input: mcpUseBoilerplateSchema,
      output: mcpScaffoldAnswerSchema,
      readOnly: true,
    },
    async ({ boilerplateName, variables, template, targetFolder }, call) => {
      const row = await boilerplateTemplate(call, boilerplateName, template);
      const result = await renderTemplate(
        row,
        {
          method: boilerplateName,
          kind: 'boilerplate',
          variables,
          ...(targetFolder !== undefined && { targetFolder }),
        },
        workShare(call.caller.acting.organizationId, call.signal),
      );
      return { ...result, template: row.name, method: boilerplateName };
    },
  );
}
