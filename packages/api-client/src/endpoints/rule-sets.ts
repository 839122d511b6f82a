import * as z from 'zod';
import {
  deletedRuleSetSchema,
  dismissFindingSchema,
  listFindingsQuerySchema,
  reviewRequestSchema,
  reviewResultSchema,
  ruleSetQuerySchema,
  ruleSetSchema,
  ruleSetSummarySchema,
  ruleSetYamlSchema,
  taskFindingSchema,
  writeRuleSetSchema,
} from '../contract/architecture';
import { defineEndpoint, listOf } from './define';

export const ruleSets = {
  list: defineEndpoint({
    method: 'GET',
    path: '/rule-sets',
    summary: "The organization's architecture rule sets",
    tag: 'Architecture',
    response: listOf(ruleSetSummarySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/rule-sets',
    summary: 'Create a rule set from architect.yaml and RULES.yaml, or from patterns and rules (owner/admin)',
    tag: 'Architecture',
    body: writeRuleSetSchema,
    response: ruleSetSchema,
    status: 201,
    errors: ['FORBIDDEN', 'RULE_SET_NAME_TAKEN'],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/rule-sets/{ruleSet}',
    summary: 'A rule set; ?format=yaml answers its architect.yaml and RULES.yaml',
    tag: 'Architecture',
    query: ruleSetQuerySchema,
    response: z.union([ruleSetSchema, ruleSetYamlSchema]),
    errors: ['RULE_SET_NOT_FOUND'],
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/rule-sets/{ruleSet}',
    summary: "Replace a rule set's patterns and rules, its description or name (owner/admin)",
    tag: 'Architecture',
    body: writeRuleSetSchema,
    response: ruleSetSchema,
    errors: ['RULE_SET_NOT_FOUND', 'FORBIDDEN', 'RULE_SET_NAME_TAKEN', 'VERSION_CONFLICT'],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/rule-sets/{ruleSet}',
    summary: 'Delete a rule set; projects using it are left without one (owner/admin)',
    tag: 'Architecture',
    response: deletedRuleSetSchema,
    errors: ['RULE_SET_NOT_FOUND', 'FORBIDDEN'],
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/rule-sets/{ruleSet}/review',
    summary: 'Review a file against a rule set without recording anything (the dashboard’s “try it”)',
    tag: 'Architecture',
    body: reviewRequestSchema,
    response: reviewResultSchema,
    errors: ['RULE_SET_NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNPROCESSABLE'],
  }),
};

export const findings = {
  list: defineEndpoint({
    method: 'GET',
    path: '/tasks/{task}/findings',
    summary: "A task's architecture review findings, by file",
    tag: 'Architecture',
    query: listFindingsQuerySchema,
    response: listOf(taskFindingSchema),
    errors: ['TASK_NOT_FOUND'],
  }),
  dismiss: defineEndpoint({
    method: 'POST',
    path: '/findings/{findingId}/dismiss',
    summary: 'Dismiss a finding with a reason (people only); it no longer gates the task',
    tag: 'Architecture',
    body: dismissFindingSchema,
    response: taskFindingSchema,
    errors: ['FINDING_NOT_FOUND', 'FORBIDDEN'],
  }),
};
