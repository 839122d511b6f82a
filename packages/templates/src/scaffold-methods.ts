import type { TemplateProblem } from './errors.js';
import { parseInclude } from './include.js';
import { printable, unsafePathReason } from './paths.js';
import type { LineOfPath } from './scaffold-yaml-problems.js';
import type { MethodEntry } from './scaffold-yaml-read.js';
import type {
  Include,
  JsonSchemaObject,
  ScaffoldConfig,
  ScaffoldMethod,
  ScaffoldMethodKind,
} from './types.js';

/** Where in scaffold.yaml a method is, and where its problems are collected. */
interface MethodPlace {
  listKey: string;
  index: number;
  lineOfPath: LineOfPath;
  problems: TemplateProblem[];
}

/**
 * The methods of one list of scaffold.yaml (`boilerplate` or `features`). What is wrong with them
 * (includes that do not parse, targets that could leave the project or that two includes both write,
 * a variables schema that is not an object) is added to `problems`.
 */
export function scaffoldMethodsOf(
  entries: MethodEntry[] | undefined,
  kind: ScaffoldMethodKind,
  listKey: string,
  lineOfPath: LineOfPath,
  problems: TemplateProblem[],
): ScaffoldMethod[] {
  return (entries ?? []).map((entry, index): ScaffoldMethod => {
    const place = { listKey, index, lineOfPath, problems };
    const includes = includesOf(entry, place);
    problems.push(...collisionProblems(includes, place));
    const folderProblem = entry.targetFolder === undefined ? undefined : unsafePathReason(entry.targetFolder);
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
}

/** The includes of a method that parse; a target that could leave the project is a problem too. */
function includesOf(entry: MethodEntry, { listKey, index, lineOfPath, problems }: MethodPlace): Include[] {
  return (entry.includes ?? []).flatMap((line, includeIndex) => {
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
}

/** A problem for each include that writes what an earlier one of the method writes. */
function collisionProblems(
  includes: readonly Include[],
  { listKey, index, lineOfPath }: MethodPlace,
): TemplateProblem[] {
  return collisions(includes).map((position) => {
    const field = `${listKey}[${index}].includes[${position.index}]`;
    return {
      field,
      line: lineOfPath([listKey, index, 'includes', position.index]),
      message: `${field} writes "${position.target}" as includes[${position.first}] does, under the same conditions; one would overwrite the other`,
    };
  });
}

/** A problem for each boilerplate or feature whose name an earlier one already has. */
export function duplicateNameProblems(config: ScaffoldConfig, lineOfPath: LineOfPath): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
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
  return problems;
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
