import { TemplateError, type TemplateProblem } from './errors.js';

/** The line of scaffold.yaml a path of keys and indexes points at (its nearest present ancestor's). */
export type LineOfPath = (path: readonly PropertyKey[]) => number;

/** Refuses scaffold.yaml with every problem, in line order. */
export function failScaffoldYaml(problems: TemplateProblem[]): never {
  const sorted = [...problems].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const text = sorted.map((problem) => `line ${problem.line ?? 1}: ${problem.message}`).join('; ');
  throw new TemplateError('INVALID_SCAFFOLD_YAML', `scaffold.yaml: ${text}`, sorted);
}
