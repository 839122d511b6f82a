import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';
import * as z from 'zod';
import { globProblem } from '../glob-match.js';
import { limits } from '../limits.js';
import type { DesignPattern, Rule, RuleCheck, RuleItem, RuleSetContent, Severity } from '../types.js';
import { regexProblem } from './regex-syntax.js';

// Schemas of the AgiFlow file formats as written (snake_case keys), each transforming into the
// engine's types. Keys they do not know are dropped, as AgiFlow's own loader ignores them.

const text = z.string();
const optionalText = z.string().optional();
/**
 * A list field: an empty value is an empty list and a single value a one-item list
 * (`includes: src/index.ts`), as people write both.
 */
function listOf<T extends z.ZodType>(entry: T) {
  return z.preprocess(
    (value) =>
      value === '' || value === null || value === undefined ? [] : Array.isArray(value) ? value : [value],
    z.array(entry),
  );
}
const glob = z.string().superRefine((value, context) => {
  const problem = globProblem(value.startsWith('!') ? value.slice(1) : value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});
const globList = listOf(glob).pipe(
  z
    .array(z.string())
    .max(
      RULE_SET_LIMITS.globsPerRule,
      `holds more than ${RULE_SET_LIMITS.globsPerRule} globs, the limit per rule or design pattern.`,
    ),
);

const severity = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(['LOW', 'MEDIUM', 'HIGH'], { message: 'severity must be LOW, MEDIUM or HIGH.' }));

const regexText = z.string().superRefine((source, context) => {
  const problem = regexProblem(source);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

const checkKinds = ['forbid', 'require', 'forbidImport'] as const;

const check = z
  .looseObject({
    forbid: regexText.optional(),
    require: regexText.optional(),
    forbidImport: listOf(glob.pipe(z.string().min(1))).optional(),
  })
  .superRefine((value, context) => {
    // A misspelt kind would otherwise be dropped, and the rule would silently check nothing.
    for (const key of Object.keys(value)) {
      if (!(checkKinds as readonly string[]).includes(key)) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `is not a kind of check; a check is forbid, require or forbidImport.`,
        });
      }
    }
    if (value.forbid === undefined && value.require === undefined && value.forbidImport === undefined) {
      context.addIssue({ code: 'custom', message: 'A check needs forbid, require or forbidImport.' });
    }
  })
  .transform((value): RuleCheck => {
    const result: RuleCheck = {};
    if (value.forbid !== undefined) result.forbid = value.forbid;
    if (value.require !== undefined) result.require = value.require;
    if (value.forbidImport !== undefined) result.forbidImport = value.forbidImport;
    return result;
  });

/** An item written as plain text is a rule without example or check. */
const item = z.preprocess(
  (value) => (typeof value === 'string' ? { rule: value } : value),
  z
    .object({
      rule: text.min(1),
      example: optionalText,
      codeExample: optionalText,
      check: check.optional(),
      severity: severity.optional(),
    })
    .transform((value): RuleItem => {
      const result: RuleItem = { rule: value.rule };
      if (value.example !== undefined) result.example = value.example;
      if (value.codeExample !== undefined) result.codeExample = value.codeExample;
      if (value.check !== undefined) result.check = value.check;
      if (value.severity !== undefined) result.severity = value.severity as Severity;
      return result;
    }),
);

const items = listOf(item);

export const ruleSchema = z
  .object({
    pattern: text.min(1),
    globs: globList,
    description: text.default(''),
    inherits: listOf(z.string()),
    must_do: items,
    should_do: items,
    must_not_do: items,
  })
  .transform(
    (value): Rule => ({
      pattern: value.pattern,
      globs: value.globs,
      description: value.description,
      inherits: value.inherits,
      mustDo: value.must_do,
      shouldDo: value.should_do,
      mustNotDo: value.must_not_do,
    }),
  );

export const rulesFileSchema = z
  .object({
    version: optionalText,
    template: optionalText,
    description: optionalText,
    rules: listOf(ruleSchema)
      .pipe(z.array(z.custom<Rule>()).max(limits.rules, `A rule set holds at most ${limits.rules} rules.`))
      .superRefine((rules, context) => reportDuplicates(rules, (rule) => rule.pattern, 'pattern', context)),
  })
  .transform((value): Omit<RuleSetContent, 'patterns'> => {
    const result: Omit<RuleSetContent, 'patterns'> = { rules: value.rules };
    if (value.version !== undefined) result.version = value.version;
    if (value.template !== undefined) result.template = value.template;
    if (value.description !== undefined) result.description = value.description;
    return result;
  });

export const designPatternSchema = z
  .object({
    name: text.min(1),
    design_pattern: text,
    includes: globList,
    description: text.default(''),
  })
  .transform(
    (value): DesignPattern => ({
      name: value.name,
      designPattern: value.design_pattern,
      includes: value.includes,
      description: value.description,
    }),
  );

export const architectFileSchema = z
  .object({
    features: listOf(designPatternSchema)
      .pipe(
        z
          .array(z.custom<DesignPattern>())
          .max(limits.patterns, `A rule set holds at most ${limits.patterns} design patterns.`),
      )
      .superRefine((patterns, context) =>
        reportDuplicates(patterns, (pattern) => pattern.name, 'name', context),
      ),
  })
  .transform((value) => value.features);

function reportDuplicates<T>(
  list: readonly T[],
  idOf: (entry: T) => string,
  key: string,
  context: z.RefinementCtx,
): void {
  const firstIndex = new Map<string, number>();
  list.forEach((entry, index) => {
    const id = idOf(entry);
    const first = firstIndex.get(id);
    if (first === undefined) {
      firstIndex.set(id, index);
      return;
    }
    context.addIssue({
      code: 'custom',
      path: [index, key],
      message: `"${id}" is defined twice (entry ${first + 1} and entry ${index + 1}).`,
    });
  });
}
