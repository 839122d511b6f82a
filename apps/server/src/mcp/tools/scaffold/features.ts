import {
  mcpListScaffoldingMethodsSchema,
  mcpScaffoldAnswerSchema,
  mcpScaffoldingMethodListSchema,
  mcpUseScaffoldMethodSchema,
} from '@switchboard/api-client/contract';
import { AppError } from '../../../domain/errors';
import {
  configOf,
  findTemplate,
  recordScaffoldOnTask,
  renderTemplate,
  type TemplateRow,
  templateOfProject,
} from '../../../domain/scaffolding/templates';
import { workShare } from '../../../http/worker-failures';
import { defineTool, type ToolCall, type ToolKit } from '../../tooling';
import { page } from './pages';

const NO_TEMPLATE =
  "This project has no template; name one with template, or an owner or admin sets the project's template (PATCH /api/v1/projects/{id} with template).";

/** The template named, else the session's project's; a clear refusal when neither is there. */
async function templateFor(call: ToolCall, name: string | undefined): Promise<TemplateRow> {
  if (name) return findTemplate(call.services.db, call.caller.acting, name);
  const project = await call.project();
  const row = await templateOfProject(call.services.db, call.caller.acting, project.id);
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND', NO_TEMPLATE);
  return row;
}

export function registerListScaffoldingMethods(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'list-scaffolding-methods',
      title: 'List scaffolding methods',
      description:
        "The features of a template (the project's unless one is named): files to add to an existing project, with their variables_schema. Then use-scaffold-method.",
      input: mcpListScaffoldingMethodsSchema,
      output: mcpScaffoldingMethodListSchema,
      readOnly: true,
    },
    async ({ template, cursor }, call) => {
      const row = await templateFor(call, template);
      const methods = configOf(row).features.map((method) => ({
        name: method.name,
        description: method.description ?? null,
        variables_schema: method.variablesSchema,
        patterns: method.patterns ?? [],
      }));
      const { items, nextCursor } = page(methods, cursor);
      return { template: row.name, methods: items, nextCursor };
    },
  );
}

export function registerUseScaffoldMethod(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'use-scaffold-method',
      title: 'Use a scaffolding method',
      description:
        "Renders a feature of a template (the project's unless one is named) with your variables and answers the files to write and what to do next. With task, the paths are recorded in the task's devInfo.scaffolds.",
      input: mcpUseScaffoldMethodSchema,
      output: mcpScaffoldAnswerSchema,
    },
    async ({ template, scaffold_feature_name, variables, task }, call) => {
      const row = await templateFor(call, template);
      const result = await renderTemplate(
        row,
        { method: scaffold_feature_name, kind: 'feature', variables },
        workShare(call.caller.acting.organizationId, call.signal),
      );
      const answer = { ...result, template: row.name, method: scaffold_feature_name };
      if (!task) return answer;
      const recorded = await recordScaffoldOnTask(call.services, call.caller.acting, task, {
        template: row.name,
        method: scaffold_feature_name,
        files: result.files.map((file) => file.path),
      });
      return { ...answer, recorded };
    },
  );
}
