import { RULE_SET_LIMITS } from '@switchboard/api-client/contract';
import { resolveRule } from './find-rule.js';
import { braceExpansions } from './glob-match.js';
import type { RuleSetContent } from './types.js';

/** A problem of a whole rule set, at a path of the file it was written in (as AgiFlow names keys). */
export interface RuleSetProblem {
  file: 'architect' | 'rules';
  path: (string | number)[];
  message: string;
}

/**
 * What can only be judged of the rule set as a whole, once both files are read: inherited rules that
 * do not exist, rules that would review a file against more items than one review runs, and globs that
 * together expand past what matching one path may cost.
 */
export function ruleSetProblems(content: RuleSetContent): RuleSetProblem[] {
  return [...unknownInherits(content), ...oversizeReviews(content), ...globsPastLimit(content)];
}

function unknownInherits(content: RuleSetContent): RuleSetProblem[] {
  const ids = new Set(content.rules.map((rule) => rule.pattern));
  return content.rules.flatMap((rule, index) =>
    rule.inherits.flatMap((parent, position) =>
      ids.has(parent)
        ? []
        : [
            {
              file: 'rules' as const,
              path: ['rules', index, 'inherits', position],
              message: `"inherits": "${parent}" is not the pattern of any rule of this rule set.`,
            },
          ],
    ),
  );
}

function oversizeReviews(content: RuleSetContent): RuleSetProblem[] {
  const { itemsPerReview } = RULE_SET_LIMITS;
  return content.rules.flatMap((rule, index) => {
    const items = resolveRule(content.rules, rule).items.length;
    if (items <= itemsPerReview) return [];
    return [
      {
        file: 'rules' as const,
        path: ['rules', index],
        message: `The rule "${rule.pattern}" reviews a file against ${items} items, its own and those it inherits; the limit is ${itemsPerReview} items per review.`,
      },
    ];
  });
}

function globsPastLimit(content: RuleSetContent): RuleSetProblem[] {
  const { globsPerSet } = RULE_SET_LIMITS;
  const globs = [
    ...content.rules.flatMap((rule, index) =>
      rule.globs.map((glob, position) => ({
        glob,
        file: 'rules' as const,
        path: ['rules', index, 'globs', position],
      })),
    ),
    ...content.patterns.flatMap((pattern, index) =>
      pattern.includes.map((glob, position) => ({
        glob,
        file: 'architect' as const,
        path: ['features', index, 'includes', position],
      })),
    ),
  ];
  let total = 0;
  for (const { glob, file, path } of globs) {
    total += braceExpansions(glob.startsWith('!') ? glob.slice(1) : glob);
    if (total > globsPerSet) {
      return [
        {
          file,
          path,
          message: `The rule set's globs expand (with their {…} alternatives) to more than ${globsPerSet.toLocaleString('en')} globs here; the limit is ${globsPerSet.toLocaleString('en')} per rule set.`,
        },
      ];
    }
  }
  return [];
}
