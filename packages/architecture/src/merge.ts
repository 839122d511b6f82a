import type { DesignPattern, Rule, RuleSetContent } from './types.js';

/**
 * Layers rule sets: each later set replaces the earlier sets' patterns of the same name and rules of
 * the same pattern id, and adds the rest. Replaced entries keep their place; a rule of a later set
 * that is new goes BEFORE the earlier rules, because the first matching rule wins and the more specific
 * layer (project over template over organization) must be tried first.
 */
export function mergeRuleSets(base: RuleSetContent, ...overrides: RuleSetContent[]): RuleSetContent {
  let merged: RuleSetContent = { ...base, patterns: [...base.patterns], rules: [...base.rules] };
  for (const override of overrides) {
    merged = {
      version: override.version ?? merged.version,
      template: override.template ?? merged.template,
      description: override.description ?? merged.description,
      patterns: layer(merged.patterns, override.patterns, (pattern: DesignPattern) => pattern.name),
      rules: layer(merged.rules, override.rules, (rule: Rule) => rule.pattern),
    };
  }
  return withoutUndefined(merged);
}

function layer<T>(under: readonly T[], over: readonly T[], idOf: (entry: T) => string): T[] {
  const replacements = new Map(over.map((entry) => [idOf(entry), entry]));
  const kept = under.map((entry) => replacements.get(idOf(entry)) ?? entry);
  const underIds = new Set(under.map(idOf));
  const added = over.filter((entry) => !underIds.has(idOf(entry)));
  return [...added, ...kept];
}

function withoutUndefined(content: RuleSetContent): RuleSetContent {
  const result: RuleSetContent = { patterns: content.patterns, rules: content.rules };
  if (content.version !== undefined) result.version = content.version;
  if (content.template !== undefined) result.template = content.template;
  if (content.description !== undefined) result.description = content.description;
  return result;
}
