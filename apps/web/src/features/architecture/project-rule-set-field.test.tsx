import { makeRuleSetSummary } from '../../testing/finding-fixtures';
import { testProjectReferenceField } from '../../testing/project-reference-field';
import { ruleSetKeys } from './rule-sets';

testProjectReferenceField({
  field: 'ruleSet',
  label: 'Rule set',
  noun: 'rule set',
  listKey: ruleSetKeys.list(),
  summaries: (names) => names.map((name) => makeRuleSetSummary({ name })),
});
