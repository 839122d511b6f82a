import * as z from 'zod';
import { idSchema, timestampSchema } from './common';

/** Template limits as the API states them; the engine enforces them with the same numbers. */
export const TEMPLATE_MAX_BYTES = 2 * 1024 * 1024;
export const TEMPLATE_MAX_FILES = 1000;
export const TEMPLATE_PATH_MAX_CHARACTERS = 300;

export const templateNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(100)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
    'must be letters, digits, dots, dashes or underscores, e.g. node-service',
  )
  .describe('Unique in the organization; the folder name under templates/');

const templateFilesSchema = z
  .record(z.string().min(1).max(TEMPLATE_PATH_MAX_CHARACTERS), z.string())
  .describe(
    "The template's files by path inside its folder (scaffold.yaml not included); `X.liquid` is rendered and written as X",
  );

/** A boilerplate or feature as listed: what an agent needs to choose one and fill its variables. */
export const scaffoldMethodSummarySchema = z.object({
  name: z.string(),
  kind: z.enum(['boilerplate', 'feature']),
  description: z.string().nullable(),
  targetFolder: z.string().nullable(),
  variablesSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of its variables'),
  patterns: z.array(z.string()).describe('Globs of the files a feature adds to'),
});
export type ScaffoldMethodSummary = z.infer<typeof scaffoldMethodSummarySchema>;

export const templateSchema = z.object({
  id: idSchema,
  name: z.string(),
  scaffoldYaml: z.string(),
  files: templateFilesSchema,
  version: z.number().int(),
  updatedBy: z.string().describe('Who wrote it last'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Template = z.infer<typeof templateSchema>;

export const templateSummarySchema = templateSchema.omit({ scaffoldYaml: true, files: true }).extend({
  boilerplates: z.array(scaffoldMethodSummarySchema),
  features: z.array(scaffoldMethodSummarySchema),
  fileCount: z.number().int(),
  projects: z.array(z.string()).describe('Keys of the projects that use it by default'),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/** POST /templates: a new template. */
export const createTemplateSchema = z.strictObject({
  name: templateNameSchema,
  scaffoldYaml: z.string().describe("AgiFlow's scaffold.yaml: boilerplate and features lists"),
  files: templateFilesSchema.default({}),
});
export type CreateTemplate = z.infer<typeof createTemplateSchema>;

/** PUT /templates/{name}: the template's scaffold.yaml and files, replaced whole. */
export const replaceTemplateSchema = z.strictObject({
  scaffoldYaml: z.string(),
  files: templateFilesSchema.default({}),
  version: z.number().int().min(1).optional().describe('The version you read; a stale one gets 409'),
});
export type ReplaceTemplate = z.infer<typeof replaceTemplateSchema>;

export const deletedTemplateSchema = z.object({
  deleted: z.object({
    name: z.string(),
    projects: z.array(z.string()).describe('Keys of the projects left without a template'),
  }),
});

const variablesSchema = z
  .record(z.string(), z.unknown())
  .default({})
  .describe("Values for the method's variables_schema; its defaults fill what is left out");

/** POST /templates/{name}/preview: what a boilerplate or feature would write, nothing is stored. */
export const previewTemplateSchema = z.strictObject({
  method: z.string().min(1).max(100).describe('Name of a boilerplate or feature of the template'),
  variables: variablesSchema,
  targetFolder: z
    .string()
    .max(TEMPLATE_PATH_MAX_CHARACTERS)
    .optional()
    .describe("Replaces the method's targetFolder"),
});
export type PreviewTemplate = z.infer<typeof previewTemplateSchema>;

export const renderedFileSchema = z.object({
  path: z.string().describe('Relative to the project root'),
  content: z.string(),
});

export const scaffoldResultSchema = z.object({
  files: z.array(renderedFileSchema),
  instruction: z.string().describe('What to do next, from the method, rendered with the variables'),
  warnings: z.array(z.string()),
});
export type ScaffoldResult = z.infer<typeof scaffoldResultSchema>;

/** What a task's devInfo.scaffolds records of each scaffold an agent applied for it. */
export const taskScaffoldRecordSchema = z.object({
  template: z.string(),
  method: z.string(),
  files: z.array(z.string()),
  at: timestampSchema,
});
export type TaskScaffoldRecord = z.infer<typeof taskScaffoldRecordSchema>;

// The scaffold MCP tools: AgiFlow's scaffold-mcp names and shapes, answered from the organization's templates.

const cursorArgument = z.string().max(20).optional().describe('nextCursor of the previous page');
const nextCursor = z.string().nullable().describe('Pass as cursor for the next page; null on the last');
const mcpVariables = z
  .record(z.string(), z.unknown())
  .default({})
  .describe("Values for the method's variables_schema; its defaults fill what is left out");
const mcpTemplateName = templateNameSchema.describe(
  "A template of the organization; omitted = the project's template",
);

export const mcpListBoilerplatesSchema = z.strictObject({ cursor: cursorArgument });

export const mcpBoilerplateSchema = z.object({
  name: z.string(),
  template: z.string(),
  description: z.string().nullable(),
  targetFolder: z.string().nullable(),
  variables_schema: z.record(z.string(), z.unknown()),
});

export const mcpBoilerplateListSchema = z.object({ boilerplates: z.array(mcpBoilerplateSchema), nextCursor });

export const mcpUseBoilerplateSchema = z.strictObject({
  boilerplateName: z.string().min(1).max(100),
  variables: mcpVariables,
  template: templateNameSchema
    .optional()
    .describe('Needed only when two templates have a boilerplate of this name'),
  targetFolder: z
    .string()
    .max(TEMPLATE_PATH_MAX_CHARACTERS)
    .optional()
    .describe("Replaces the boilerplate's targetFolder (relative to the project root)"),
});

export const mcpListScaffoldingMethodsSchema = z.strictObject({
  template: mcpTemplateName.optional(),
  cursor: cursorArgument,
});

export const mcpScaffoldingMethodSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  variables_schema: z.record(z.string(), z.unknown()),
  patterns: z.array(z.string()),
});

export const mcpScaffoldingMethodListSchema = z.object({
  template: z.string(),
  methods: z.array(mcpScaffoldingMethodSchema),
  nextCursor,
});

export const mcpUseScaffoldMethodSchema = z.strictObject({
  template: mcpTemplateName.optional(),
  scaffold_feature_name: z.string().min(1).max(100),
  variables: mcpVariables,
  task: idSchema
    .optional()
    .describe('Task id or key (SWB-12): the written paths are recorded in its devInfo.scaffolds'),
});

export const mcpScaffoldAnswerSchema = scaffoldResultSchema.extend({
  template: z.string(),
  method: z.string(),
  recorded: z
    .object({ task: z.string(), version: z.number().int() })
    .optional()
    .describe('The task whose devInfo.scaffolds lists these files'),
});

const mcpIncludes = z
  .array(z.string().min(1).max(1000))
  .max(200)
  .describe('source->target?variable=value lines; targets may use Liquid ({{ name | kebabCase }})');
const mcpVariablesSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('JSON Schema (type: object) of the variables');

export const mcpGenerateBoilerplateSchema = z.strictObject({
  template: templateNameSchema.describe('Created when the organization has no template of this name'),
  boilerplateName: z.string().min(1).max(100),
  description: z.string().max(10_000).optional(),
  targetFolder: z.string().max(TEMPLATE_PATH_MAX_CHARACTERS).optional(),
  variables_schema: mcpVariablesSchema,
  includes: mcpIncludes,
  instruction: z.string().max(20_000).optional(),
});

export const mcpGenerateFeatureScaffoldSchema = z.strictObject({
  template: templateNameSchema.describe('Created when the organization has no template of this name'),
  featureName: z.string().min(1).max(100),
  description: z.string().max(10_000).optional(),
  variables_schema: mcpVariablesSchema,
  includes: mcpIncludes,
  instruction: z.string().max(20_000).optional(),
  patterns: z.array(z.string().min(1).max(1000)).max(100).optional(),
});

export const mcpGenerateBoilerplateFileSchema = z.strictObject({
  template: templateNameSchema,
  filePath: z
    .string()
    .min(1)
    .max(TEMPLATE_PATH_MAX_CHARACTERS)
    .describe('Path inside the template; end it in .liquid to have it rendered'),
  content: z.string().max(TEMPLATE_MAX_BYTES),
  overwrite: z.boolean().optional().describe('Replace a file the template already has'),
});

export const mcpTemplateReceiptSchema = z.object({
  template: z.string(),
  version: z.number().int(),
  boilerplates: z.number().int(),
  features: z.number().int(),
  files: z.number().int(),
});
