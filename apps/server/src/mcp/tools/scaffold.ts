import {
  mcpBoilerplateListSchema,
  mcpGenerateBoilerplateFileSchema,
  mcpGenerateBoilerplateSchema,
  mcpGenerateFeatureScaffoldSchema,
  mcpListBoilerplatesSchema,
  mcpListScaffoldingMethodsSchema,
  mcpScaffoldAnswerSchema,
  mcpScaffoldingMethodListSchema,
  mcpTemplateReceiptSchema,
  mcpUseBoilerplateSchema,
  mcpUseScaffoldMethodSchema,
  type Template,
} from '@switchboard/api-client/contract';
import {
  normalizeProjectPath,
  parseInclude,
  type ScaffoldConfig,
  type ScaffoldMethod,
  toScaffoldYaml,
} from '@switchboard/templates';
import { AppError } from '../../domain/errors';
import {
  configOf,
  createTemplate,
  findTemplate,
  recordScaffoldOnTask,
  renderTemplate,
  replaceTemplate,
  type TemplateRow,
  templateNamed,
  templateOfProject,
  templatesOf,
  toAppError,
} from '../../domain/scaffolding/templates';
import { workShare } from '../../http/worker-failures';
import { defineTool, type ToolCall, type ToolKit } from '../tooling';

const PAGE_SIZE = 50;

const NO_TEMPLATE =
  "This project has no template; name one with template, or an owner or admin sets the project's template (PATCH /api/v1/projects/{id} with template).";

/** An offset page of a list, with the cursor of the next page (null on the last). */
function page<T>(items: T[], cursor: string | undefined): { items: T[]; nextCursor: string | null } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new AppError('VALIDATION_FAILED', 'cursor: pass the nextCursor of the previous page as it was.');
  }
  const end = start + PAGE_SIZE;
  return { items: items.slice(start, end), nextCursor: end < items.length ? String(end) : null };
}

async function organizationTemplates(call: ToolCall): Promise<TemplateRow[]> {
  return templatesOf(call.services.db, call.caller.acting.organizationId);
}

/** The template named, else the session's project's; a clear refusal when neither is there. */
async function templateFor(call: ToolCall, name: string | undefined): Promise<TemplateRow> {
  if (name) return findTemplate(call.services.db, call.caller.acting, name);
  const project = await call.project();
  const row = await templateOfProject(call.services.db, call.caller.acting, project.id);
  if (!row) throw new AppError('TEMPLATE_NOT_FOUND', NO_TEMPLATE);
  return row;
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

/** What a write left, counted from the parsed form it stored. */
async function receipt(call: ToolCall, saved: Template) {
  const config = configOf(await findTemplate(call.services.db, call.caller.acting, saved.name));
  return {
    template: saved.name,
    version: saved.version,
    boilerplates: config.boilerplates.length,
    features: config.features.length,
    files: Object.keys(saved.files).length,
  };
}

/**
 * Adds a boilerplate or feature to a template, creating the template when the organization has none
 * of that name. A method name the template already has is refused: adding never silently replaces.
 */
async function addMethod(call: ToolCall, templateName: string, method: ScaffoldMethod) {
  const add = (stored: ScaffoldConfig) => {
    const config = { boilerplates: [...stored.boilerplates], features: [...stored.features] };
    const list = method.kind === 'boilerplate' ? config.boilerplates : config.features;
    if ([...config.boilerplates, ...config.features].some((existing) => existing.name === method.name)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${templateName} already has a boilerplate or feature "${method.name}".`,
      );
    }
    list.push(method);
    return toScaffoldYaml(config);
  };
  try {
    const existing = await templateNamed(call.services.db, call.caller.acting, templateName);
    const saved = existing
      ? await replaceTemplate(call.services, call.caller.acting, templateName, (current) => ({
          scaffoldYaml: add(configOf(current)),
          files: current.files,
        }))
      : await createTemplate(
          call.services,
          call.caller.acting,
          { name: templateName, scaffoldYaml: add({ boilerplates: [], features: [] }), files: {} },
          { requireIncludedFiles: false },
        );
    return receipt(call, saved);
  } catch (error) {
    throw toAppError(error);
  }
}

function includesOf(lines: string[]) {
  try {
    return lines.map(parseInclude);
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * scaffold: the organization's templates (AgiFlow's scaffold.yaml) rendered for agents. Nothing is
 * written to disk here: the tools answer the files, and the agent writes them into its checkout.
 */
export function registerScaffoldTools(kit: ToolKit): void {
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

  // The admin tools change what every agent of the organization scaffolds, so only keys an owner or
  // admin marked admin list them; that mark is their permission, as for the architecture admin tools.
  if (!kit.session.adminTools) return;

  defineTool(
    kit,
    {
      name: 'generate-boilerplate',
      title: 'Add a boilerplate',
      description:
        "Adds a boilerplate to a template's scaffold.yaml (the template is created when missing). Add its files with generate-boilerplate-file.",
      input: mcpGenerateBoilerplateSchema,
      output: mcpTemplateReceiptSchema,
    },
    (input, call) =>
      addMethod(call, input.template, {
        name: input.boilerplateName,
        kind: 'boilerplate',
        ...(input.description !== undefined && { description: input.description }),
        ...(input.targetFolder !== undefined && { targetFolder: input.targetFolder }),
        variablesSchema: input.variables_schema ?? { type: 'object', properties: {} },
        includes: includesOf(input.includes),
        ...(input.instruction !== undefined && { instruction: input.instruction }),
      }),
  );

  defineTool(
    kit,
    {
      name: 'generate-feature-scaffold',
      title: 'Add a feature',
      description:
        "Adds a feature (files added to an existing project) to a template's scaffold.yaml (the template is created when missing). Add its files with generate-boilerplate-file.",
      input: mcpGenerateFeatureScaffoldSchema,
      output: mcpTemplateReceiptSchema,
    },
    (input, call) =>
      addMethod(call, input.template, {
        name: input.featureName,
        kind: 'feature',
        ...(input.description !== undefined && { description: input.description }),
        variablesSchema: input.variables_schema ?? { type: 'object', properties: {} },
        includes: includesOf(input.includes),
        ...(input.instruction !== undefined && { instruction: input.instruction }),
        ...(input.patterns !== undefined && { patterns: input.patterns }),
      }),
  );

  defineTool(
    kit,
    {
      name: 'generate-boilerplate-file',
      title: 'Add a template file',
      description:
        'Adds a file to a template; a path ending in .liquid is rendered with the variables and written without the extension. A file the template has is replaced only with overwrite.',
      input: mcpGenerateBoilerplateFileSchema,
      output: mcpTemplateReceiptSchema,
    },
    async ({ template: templateName, filePath, content, overwrite }, call) => {
      try {
        const path = normalizeProjectPath(filePath, 'filePath');
        const saved = await replaceTemplate(call.services, call.caller.acting, templateName, (current) => {
          if (Object.hasOwn(current.files, path) && !overwrite) {
            throw new AppError(
              'VALIDATION_FAILED',
              `filePath: ${templateName} already has ${path}; pass overwrite: true to replace it.`,
            );
          }
          return { scaffoldYaml: current.scaffoldYaml, files: { ...current.files, [path]: content } };
        });
        return receipt(call, saved);
      } catch (error) {
        throw toAppError(error);
      }
    },
  );
}
