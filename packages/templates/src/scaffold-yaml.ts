import { stringify } from 'yaml';
import { TemplateError, type TemplateProblem } from './errors.js';
import { formatInclude } from './include.js';
import { duplicateNameProblems, scaffoldMethodsOf } from './scaffold-methods.js';
import { failScaffoldYaml } from './scaffold-yaml-problems.js';
import { readScaffoldYaml } from './scaffold-yaml-read.js';
import type { ScaffoldConfig, ScaffoldMethod, ScaffoldMethodKind } from './types.js';

/**
 * Reads a scaffold.yaml (AgiFlow's format: `boilerplate:` and `features:` lists). Throws a
 * TemplateError 'INVALID_SCAFFOLD_YAML' whose message names the line and field of every problem:
 * the YAML limits (counted before parsing), the shape, and targets that could leave the project or
 * that two includes of one method both write.
 */
export function parseScaffoldYaml(text: string): ScaffoldConfig {
  const { entries, lineOfPath } = readScaffoldYaml(text);
  const problems: TemplateProblem[] = [];
  const config: ScaffoldConfig = {
    boilerplates: scaffoldMethodsOf(entries.boilerplate, 'boilerplate', 'boilerplate', lineOfPath, problems),
    features: scaffoldMethodsOf(entries.features, 'feature', 'features', lineOfPath, problems),
  };
  problems.push(...duplicateNameProblems(config, lineOfPath));
  if (problems.length > 0) failScaffoldYaml(problems);
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
