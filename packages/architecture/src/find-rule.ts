import { MatchBudget, matchesGlobList, pathCandidates } from './globs.js';
import { normaliseRepoPath } from './paths.js';
import { defaultSeverity } from './severity.js';
import type { FindingType, Rule, RuleItem, RuleSetContent, Severity } from './types.js';

/** One item a file must satisfy, with the rule it came from after inheritance. */
export interface ResolvedItem {
  type: FindingType;
  /** The id of the rule that holds the item (an inherited rule's own id for inherited items). */
  pattern: string;
  severity: Severity;
  item: RuleItem;
}

/** The rule that applies to a file, with its inherited rules' items folded in. */
export interface ResolvedRule {
  rule: Rule;
  /** The rule's id followed by every rule it inherits from, in resolution order. */
  chain: string[];
  /** Inherited ids that name no rule of the set. */
  missing: string[];
  items: ResolvedItem[];
}

/**
 * The first rule whose globs match the file (trying the path as given, then without a leading `src/`),
 * with `inherits` resolved depth-first. A rule reached twice (a cycle or a diamond) is used once.
 * Throws ArchitectureError 'MATCH_TOO_COSTLY' when matching passes the rule set's step limit.
 */
export function findRule(
  content: Pick<RuleSetContent, 'rules'>,
  filePath: string,
  budget = new MatchBudget(),
): ResolvedRule | undefined {
  const candidates = pathCandidates(normaliseRepoPath(filePath));
  const rule = content.rules.find((candidate) =>
    candidates.some((path) => matchesGlobList(candidate.globs, path, budget)),
  );
  return rule ? resolveRule(content.rules, rule) : undefined;
}

export function resolveRule(rules: readonly Rule[], rule: Rule): ResolvedRule {
  const byPattern = new Map<string, Rule>();
  for (const candidate of rules)
    if (!byPattern.has(candidate.pattern)) byPattern.set(candidate.pattern, candidate);
  const chain: string[] = [];
  const missing: string[] = [];
  const items: ResolvedItem[] = [];
  const seenItems = new Set<string>();
  const visit = (current: Rule) => {
    if (chain.includes(current.pattern)) return;
    chain.push(current.pattern);
    const lists: [FindingType, RuleItem[]][] = [
      ['must_do', current.mustDo],
      ['should_do', current.shouldDo],
      ['must_not_do', current.mustNotDo],
    ];
    for (const [type, list] of lists) {
      for (const item of list) {
        // The same item written in a rule and in one it inherits is checked once.
        const key = `${type}\u0000${item.rule}`;
        if (seenItems.has(key)) continue;
        seenItems.add(key);
        items.push({
          type,
          pattern: current.pattern,
          severity: item.severity ?? defaultSeverity[type],
          item,
        });
      }
    }
    for (const parent of current.inherits) {
      const inherited = byPattern.get(parent);
      if (inherited) visit(inherited);
      else if (!missing.includes(parent)) missing.push(parent);
    }
  };
  visit(rule);
  return { rule, chain, missing, items };
}
