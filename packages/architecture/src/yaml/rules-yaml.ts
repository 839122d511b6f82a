import { stringify } from 'yaml';
import type { ParseResult, Rule, RuleItem, RuleSetContent } from '../types.js';
import { readAndValidate } from './document.js';
import { rulesFileSchema } from './schemas.js';
import { yamlWriteOptions } from './write-options.js';

/** Reads an AgiFlow `RULES.yaml` (with our optional `check` and `severity` on items). */
export function parseRulesYaml(text: string): ParseResult<Omit<RuleSetContent, 'patterns'>> {
  return readAndValidate(text, 'RULES.yaml', rulesFileSchema).result;
}

/** Writes rules as a `RULES.yaml` that `parseRulesYaml` reads back unchanged. */
export function toRulesYaml(content: Omit<RuleSetContent, 'patterns'> & { patterns?: unknown }): string {
  const file: Record<string, unknown> = {};
  if (content.version !== undefined) file.version = content.version;
  if (content.template !== undefined) file.template = content.template;
  if (content.description !== undefined) file.description = content.description;
  file.rules = content.rules.map(ruleToYaml);
  return stringify(file, yamlWriteOptions);
}

function ruleToYaml(rule: Rule): Record<string, unknown> {
  const written: Record<string, unknown> = {
    pattern: rule.pattern,
    globs: rule.globs,
    description: rule.description,
  };
  if (rule.inherits.length > 0) written.inherits = rule.inherits;
  if (rule.mustDo.length > 0) written.must_do = rule.mustDo.map(itemToYaml);
  if (rule.shouldDo.length > 0) written.should_do = rule.shouldDo.map(itemToYaml);
  if (rule.mustNotDo.length > 0) written.must_not_do = rule.mustNotDo.map(itemToYaml);
  return written;
}

function itemToYaml(item: RuleItem): Record<string, unknown> {
  const written: Record<string, unknown> = { rule: item.rule };
  if (item.example !== undefined) written.example = item.example;
  if (item.codeExample !== undefined) written.codeExample = item.codeExample;
  if (item.check !== undefined) {
    const check: Record<string, unknown> = {};
    if (item.check.forbid !== undefined) check.forbid = item.check.forbid;
    if (item.check.require !== undefined) check.require = item.check.require;
    if (item.check.forbidImport !== undefined) check.forbidImport = item.check.forbidImport;
    written.check = check;
  }
  if (item.severity !== undefined) written.severity = item.severity;
  return written;
}
