import { findRule } from './find-rule.js';
import { hasGlobSyntax, MatchBudget, matchesGlobList, pathCandidates } from './globs.js';
import { normaliseRepoPath } from './paths.js';
import type { DesignPattern, RuleSetContent } from './types.js';

/** `exact` when an include names the file itself, `glob` when a wildcard include covers it. */
export type PatternConfidence = 'exact' | 'glob';

export interface MatchedPattern {
  name: string;
  design_pattern: string;
  description: string;
  confidence: PatternConfidence;
}

export interface DesignPatternMatch {
  file_path: string;
  matched_patterns: MatchedPattern[];
  recommendations: string[];
}

/**
 * The design patterns whose `includes` cover a file (exact matches first), and recommendations drawn
 * from them and from the rule that applies to the file.
 */
export function matchDesignPatterns(content: RuleSetContent, filePath: string): DesignPatternMatch {
  const path = normaliseRepoPath(filePath);
  const candidates = pathCandidates(path);
  // One budget for the patterns and the rule alike: the whole lookup is bounded, not each glob.
  const budget = new MatchBudget();
  const matched: MatchedPattern[] = [];
  for (const pattern of content.patterns) {
    const confidence = confidenceOf(pattern, candidates, budget);
    if (confidence) {
      matched.push({
        name: pattern.name,
        design_pattern: pattern.designPattern,
        description: pattern.description,
        confidence,
      });
    }
  }
  matched.sort((a, b) => Number(b.confidence === 'exact') - Number(a.confidence === 'exact'));
  return {
    file_path: path,
    matched_patterns: matched,
    recommendations: recommendationsFor(content, path, matched, budget),
  };
}

function confidenceOf(
  pattern: DesignPattern,
  candidates: string[],
  budget: MatchBudget,
): PatternConfidence | undefined {
  const covered = candidates.filter((path) => matchesGlobList(pattern.includes, path, budget));
  if (covered.length === 0) return undefined;
  return pattern.includes.some((glob) => !hasGlobSyntax(glob) && covered.includes(glob)) ? 'exact' : 'glob';
}

const recommendationPrefix = { must_do: 'Must', must_not_do: 'Must not', should_do: 'Should' } as const;

function recommendationsFor(
  content: RuleSetContent,
  path: string,
  matched: MatchedPattern[],
  budget: MatchBudget,
): string[] {
  const recommendations = matched.map(
    (pattern) => `Follow the ${pattern.design_pattern || pattern.name} pattern (${pattern.name}).`,
  );
  const rule = findRule(content, path, budget);
  // Obligations and prohibitions first, advice last, each list in the rule's own order.
  for (const type of ['must_do', 'must_not_do', 'should_do'] as const) {
    for (const item of rule?.items ?? []) {
      if (item.type === type) recommendations.push(`${recommendationPrefix[type]}: ${item.item.rule}`);
    }
  }
  if (recommendations.length === 0) {
    recommendations.push(
      'No design pattern or rule of this rule set covers this file; follow the code around it.',
    );
  }
  return recommendations;
}
