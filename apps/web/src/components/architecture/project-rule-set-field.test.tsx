import { ruleSetKeys } from '../../lib/rule-sets';
import { makeRuleSetSummary } from '../../testing/finding-fixtures';
import { testProjectReferenceField } from '../../testing/project-reference-field';

testProjectReferenceField({
  field: 'ruleSet',
  label: 'Rule set',
  noun: 'rule set',
  listKey: ruleSetKeys.list(),
  summaries: (names) => names.map((name) => makeRuleSetSummary({ name })),
});
