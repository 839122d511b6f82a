import { YAML_LIMITS } from '@switchboard/api-client/contract';
import { parseBoundedYaml } from '@switchboard/sandbox/yaml';
import { isNode } from 'yaml';
import * as z from 'zod';
import { TemplateError } from './errors.js';
import { formatBytes, templateLimits, utf8Length } from './limits.js';
import { failScaffoldYaml as fail, type LineOfPath } from './scaffold-yaml-problems.js';

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

export type MethodEntry = z.infer<typeof methodSchema>;

/**
 * scaffold.yaml's text as its two lists of entries, each of the right shape, and the line any path
 * in it is on. Refuses, naming the line and field of every problem: the YAML limits (counted before
 * parsing) and the shape.
 */
export function readScaffoldYaml(text: string): {
  entries: z.infer<typeof fileSchema>;
  lineOfPath: LineOfPath;
} {
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
  return { entries: parsed.data, lineOfPath };
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
