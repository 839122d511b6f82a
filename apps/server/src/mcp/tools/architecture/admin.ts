import {
  mcpAddDesignPatternSchema,
  mcpAddRuleSchema,
  mcpRuleSetReceiptSchema,
} from '@switchboard/api-client/contract';
import type { RuleItem, RuleSetContent } from '@switchboard/architecture';
import type * as z from 'zod';
import { findRuleSet, updateRuleSet } from '../../../domain/architecture/rule-sets';
import { AppError } from '../../../domain/errors';
import { defineTool, type ToolCall, type ToolKit } from '../../tooling';
import { NO_RULE_SET, ruleSetFor } from './rule-set';

/**
 * Adds one entry to the rule set an admin tool names (else the project's) and answers its receipt. An
 * entry whose id the set already holds is refused: adding never silently replaces.
 */
async function addToRuleSet(
  call: ToolCall,
  templateName: string | undefined,
  entry: { field: string; id: string; taken: (content: RuleSetContent) => boolean },
  add: (content: RuleSetContent) => RuleSetContent,
) {
  const target = templateName
    ? await findRuleSet(call.services.db, call.caller.acting, templateName)
    : await ruleSetFor(call);
  if (!target) throw new AppError('RULE_SET_NOT_FOUND', `${NO_RULE_SET} Or name one with rule_set.`);
  const updated = await updateRuleSet(call.services, call.caller.acting, target.name, {}, (content) => {
    if (entry.taken(content)) {
      throw new AppError('VALIDATION_FAILED', `${entry.field}: ${target.name} already has "${entry.id}".`);
    }
    return add(content);
  });
  return {
    rule_set: updated.name,
    version: updated.version,
    patterns: updated.content.patterns.length,
    rules: updated.content.rules.length,
  };
}

type AgiflowItem = z.output<typeof mcpAddRuleSchema>['must_do'];

function itemsOf(items: AgiflowItem): RuleItem[] {
  return (items ?? []).map((item) => ({ ...item }));
}

export function registerAddDesignPattern(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'add-design-pattern',
      title: 'Add a design pattern',
      description:
        "Adds a design pattern (architect.yaml's shape) to the project's rule set, or the one named.",
      input: mcpAddDesignPatternSchema,
      output: mcpRuleSetReceiptSchema,
    },
    (input, call) =>
      addToRuleSet(
        call,
        input.rule_set,
        {
          field: 'pattern_name',
          id: input.pattern_name,
          taken: (content) => content.patterns.some((pattern) => pattern.name === input.pattern_name),
        },
        (content) => ({
          ...content,
          patterns: [
            ...content.patterns,
            {
              name: input.pattern_name,
              designPattern: input.design_pattern,
              includes: input.includes,
              description: input.description,
            },
          ],
        }),
      ),
  );
}

export function registerAddRule(kit: ToolKit): void {
  defineTool(
    kit,
    {
      name: 'add-rule',
      title: 'Add a rule',
      description:
        "Adds a rule (RULES.yaml's shape; items may carry check and severity) to the project's rule set, or the one named.",
      input: mcpAddRuleSchema,
      output: mcpRuleSetReceiptSchema,
    },
    (input, call) =>
      addToRuleSet(
        call,
        input.rule_set,
        {
          field: 'pattern',
          id: input.pattern,
          taken: (content) => content.rules.some((rule) => rule.pattern === input.pattern),
        },
        (content) => ({
          ...content,
          rules: [
            ...content.rules,
            {
              pattern: input.pattern,
              globs: input.globs ?? [],
              description: input.description,
              inherits: input.inherits ?? [],
              mustDo: itemsOf(input.must_do),
              shouldDo: itemsOf(input.should_do),
              mustNotDo: itemsOf(input.must_not_do),
            },
          ],
        }),
      ),
  );
}
