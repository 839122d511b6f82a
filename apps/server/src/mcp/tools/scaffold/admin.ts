import {
  mcpGenerateBoilerplateFileSchema,
  mcpGenerateBoilerplateSchema,
  mcpGenerateFeatureScaffoldSchema,
  mcpTemplateReceiptSchema,
  type Template,
} from '@switchboard/api-client/contract';
import {
  normalizeProjectPath,
  parseInclude,
  type ScaffoldConfig,
  type ScaffoldMethod,
  toScaffoldYaml,
} from '@switchboard/templates';
import { AppError } from '../../../domain/errors';
import {
  configOf,
  createTemplate,
  findTemplate,
  replaceTemplate,
  templateNamed,
  toAppError,
} from '../../../domain/scaffolding/templates';
import { defineTool, type ToolCall, type ToolKit } from '../../tooling';

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

export function registerGenerateBoilerplate(kit: ToolKit): void {
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
}

export function registerGenerateFeatureScaffold(kit: ToolKit): void {
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
}

export function registerGenerateBoilerplateFile(kit: ToolKit): void {
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
