import { YAML_LIMITS } from '@switchboard/api-client/contract';
import { parseBoundedYaml } from '@switchboard/sandbox/yaml';
import { isNode, stringify } from 'yaml';
import * as z from 'zod';
import { TemplateError, type TemplateProblem } from './errors.js';
import { formatInclude, parseInclude } from './include.js';
import { formatBytes, templateLimits, utf8Length } from './limits.js';
import { printable, unsafePathReason } from './paths.js';
import type {
  Include,
  JsonSchemaObject,
  ScaffoldConfig,
  ScaffoldMethod,
  ScaffoldMethodKind,
} from './types.js';

const methodNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

// Unknown keys are ignored, as AgiFlow's loader does, so files written by other tools stay readable.
const methodSchema = z.object({
  name: z
    .string({ error: 'must be text' })
    .regex(
      methodNamePattern,
      'must be 1-100 letters, digits, ".", "_" or "-", starting with a letter or digit',
    ),
  description: z.string({ error: 'must be text' }).optional(),
  targetFolder: z.string({ error: 'must be text' }).optional(),
  variables_schema: z
    .record(z.string(), z.unknown(), { error: 'must be a mapping (a JSON Schema object)' })
    .optional(),
  includes: z
    .array(z.string({ error: 'must be text' }).min(1, 'must not be empty'), { error: 'must be a list' })
    .optional(),
  instruction: z.string({ error: 'must be text' }).optional(),
  patterns: z.array(z.string({ error: 'must be text' }), { error: 'must be a list' }).optional(),
});

const fileSchema = z.object({
  boilerplate: z.array(methodSchema, { error: 'must be a list of boilerplates' }).optional(),
  features: z.array(methodSchema, { error: 'must be a list of features' }).optional(),
});

type MethodEntry = z.infer<typeof methodSchema>;

/**
 * Reads a scaffold.yaml (AgiFlow's format: `boilerplate:` and `features:` lists). Throws a
 * TemplateError 'INVALID_SCAFFOLD_YAML' whose message names the line and field of every problem:
 * the YAML limits (counted before parsing), the shape, and targets that could leave the project or
 * that two includes of one method both write.
 */
export function parseScaffoldYaml(text: string): ScaffoldConfig {
  const size = utf8Length(text);
  if (size > templateLimits.totalBytes) {
    throw new TemplateError(
      'TEMPLATE_TOO_LARGE',
      `scaffold.yaml is ${formatBytes(size)}; a whole template may be at most ${formatBytes(templateLimits.totalBytes)}.`,
    );
  }
  const {
    document,
    lineCounter,
    problems: yamlProblems,
  } = parseBoundedYaml(text, YAML_LIMITS, {
    fileName: 'scaffold.yaml',
  });
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  if (yamlProblems.length > 0) {
    fail(
      yamlProblems.map((problem) => ({
        field: 'scaffold.yaml',
        line: lineOf(problem.offset),
        message: problem.message,
      })),
    );
  }
  const lineOfPath = (path: readonly PropertyKey[]) => {
    for (let length = path.length; length >= 0; length--) {
      const node =
        length === 0 ? document.contents : document.getIn(path.slice(0, length) as unknown[], true);
      if (isNode(node) && node.range) return lineOf(node.range[0]);
    }
    return 1;
  };
  let plain: unknown;
  try {
    plain = document.toJS({ maxAliasCount: YAML_LIMITS.aliases });
  } catch (error) {
    fail([
      { field: 'scaffold.yaml', line: 1, message: error instanceof Error ? error.message : String(error) },
    ]);
  }
  if (plain !== null && plain !== undefined && (typeof plain !== 'object' || Array.isArray(plain))) {
    fail([
      {
        field: 'scaffold.yaml',
        line: 1,
        message: 'must be a mapping with "boilerplate" and "features" lists',
      },
    ]);
  }
  const parsed = fileSchema.safeParse(plain ?? {});
  if (!parsed.success) {
    fail(
      parsed.error.issues.map((issue) => {
        const field = fieldName(issue.path);
        const present = issue.path.length === 0 || document.hasIn(issue.path as unknown[]);
        return {
          field,
          line: lineOfPath(issue.path),
          message: present ? `${field} ${issue.message}` : `${field} is missing`,
        };
      }),
    );
  }
  const problems: TemplateProblem[] = [];
  const toMethods = (entries: MethodEntry[] | undefined, kind: ScaffoldMethodKind, listKey: string) =>
    (entries ?? []).map((entry, index): ScaffoldMethod => {
      const includes = (entry.includes ?? []).flatMap((line, includeIndex) => {
        const field = `${listKey}[${index}].includes[${includeIndex}]`;
        const at = lineOfPath([listKey, index, 'includes', includeIndex]);
        try {
          const include = parseInclude(line);
          const unsafe = unsafePathReason(include.target);
          if (unsafe)
            problems.push({
              field,
              line: at,
              message: `${field}: the target "${printable(include.target)}" ${unsafe}; targets stay inside the project`,
            });
          return [include];
        } catch (error) {
          problems.push({ field, line: at, message: error instanceof Error ? error.message : String(error) });
          return [];
        }
      });
      problems.push(
        ...collisions(includes).map((position) => {
          const field = `${listKey}[${index}].includes[${position.index}]`;
          return {
            field,
            line: lineOfPath([listKey, index, 'includes', position.index]),
            message: `${field} writes "${position.target}" as includes[${position.first}] does, under the same conditions; one would overwrite the other`,
          };
        }),
      );
      const folderProblem =
        entry.targetFolder === undefined ? undefined : unsafePathReason(entry.targetFolder);
      if (folderProblem) {
        problems.push({
          field: `${listKey}[${index}].targetFolder`,
          line: lineOfPath([listKey, index, 'targetFolder']),
          message: `${listKey}[${index}].targetFolder "${printable(entry.targetFolder ?? '')}" ${folderProblem}; targets stay inside the project`,
        });
      }
      const schema = entry.variables_schema ?? { type: 'object', properties: {} };
      if (schema.type !== undefined && schema.type !== 'object') {
        problems.push({
          field: `${listKey}[${index}].variables_schema.type`,
          line: lineOfPath([listKey, index, 'variables_schema', 'type']),
          message: `${listKey}[${index}].variables_schema.type must be "object"`,
        });
      }
      return {
        name: entry.name,
        kind,
        ...(entry.description !== undefined && { description: entry.description }),
        ...(entry.targetFolder !== undefined && { targetFolder: entry.targetFolder }),
        variablesSchema: schema as JsonSchemaObject,
        includes,
        ...(entry.instruction !== undefined && { instruction: entry.instruction }),
        ...(entry.patterns !== undefined && { patterns: entry.patterns }),
      };
    });
  const config: ScaffoldConfig = {
    boilerplates: toMethods(parsed.data.boilerplate, 'boilerplate', 'boilerplate'),
    features: toMethods(parsed.data.features, 'feature', 'features'),
  };
  const seen = new Set<string>();
  for (const [listKey, methods] of [
    ['boilerplate', config.boilerplates],
    ['features', config.features],
  ] as const) {
    methods.forEach((method, index) => {
      if (seen.has(method.name)) {
        problems.push({
          field: `${listKey}[${index}].name`,
          line: lineOfPath([listKey, index, 'name']),
          message: `${listKey}[${index}].name "${method.name}" is used twice; every boilerplate and feature needs its own name`,
        });
      }
      seen.add(method.name);
    });
  }
  if (problems.length > 0) fail(problems);
  return config;
}

/** Writes a config as scaffold.yaml; `parseScaffoldYaml` reads it back unchanged. */
export function toScaffoldYaml(config: ScaffoldConfig): string {
  const toEntry = (method: ScaffoldMethod) => ({
    name: method.name,
    ...(method.description !== undefined && { description: method.description }),
    ...(method.targetFolder !== undefined && { targetFolder: method.targetFolder }),
    variables_schema: method.variablesSchema,
    includes: method.includes.map(formatInclude),
    ...(method.instruction !== undefined && { instruction: method.instruction }),
    ...(method.patterns !== undefined && { patterns: method.patterns }),
  });
  const document: Record<string, unknown> = {};
  if (config.boilerplates.length > 0) document.boilerplate = config.boilerplates.map(toEntry);
  if (config.features.length > 0) document.features = config.features.map(toEntry);
  return stringify(document, { lineWidth: 0, minContentWidth: 0, blockQuote: 'literal' });
}

/** Every method of a config, boilerplates first. */
export function allMethods(config: ScaffoldConfig): ScaffoldMethod[] {
  return [...config.boilerplates, ...config.features];
}

/** The method named so, of the given kind when one is given. */
export function findMethod(config: ScaffoldConfig, name: string, kind?: ScaffoldMethodKind): ScaffoldMethod {
  const method = allMethods(config).find(
    (candidate) => candidate.name === name && (!kind || candidate.kind === kind),
  );
  if (!method) {
    const names = (
      kind === 'boilerplate' ? config.boilerplates : kind === 'feature' ? config.features : allMethods(config)
    )
      .map((candidate) => candidate.name)
      .join(', ');
    throw new TemplateError(
      'METHOD_NOT_FOUND',
      `This template has no ${kind ?? 'boilerplate or feature'} named "${name}"${names ? ` (it has: ${names})` : ''}.`,
    );
  }
  return method;
}

/** Includes of one method that write the same target under the same conditions, after the first. */
function collisions(includes: readonly Include[]): { index: number; first: number; target: string }[] {
  const seen = new Map<string, number>();
  const found: { index: number; first: number; target: string }[] = [];
  includes.forEach((include, index) => {
    const target = include.target
      .split('/')
      .filter((part) => part !== '' && part !== '.')
      .join('/');
    const conditions = Object.entries(include.conditions).sort(([a], [b]) => a.localeCompare(b));
    const key = JSON.stringify([target, conditions]);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else found.push({ index, first, target });
  });
  return found;
}

function fieldName(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>(
      (name, part) =>
        typeof part === 'number' ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part),
      '',
    ) || 'scaffold.yaml'
  );
}

function fail(problems: TemplateProblem[]): never {
  const sorted = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const text = sorted.map((problem) => `line ${problem.line ?? 1}: ${problem.message}`).join('; ');
  throw new TemplateError('INVALID_SCAFFOLD_YAML', `scaffold.yaml: ${text}`, sorted);
}
