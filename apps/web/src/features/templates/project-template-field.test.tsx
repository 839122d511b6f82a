import type { TemplateSummary } from '@switchboard/api-client/contract';
import { testProjectReferenceField } from '../../testing/project-reference-field';
import { templateKeys } from './templates';

function summary(name: string): TemplateSummary {
  return {
    id: `t-${name}`,
    name,
    version: 1,
    updatedBy: 'Ada',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    boilerplates: [],
    features: [],
    fileCount: 0,
    projects: [],
  };
}

testProjectReferenceField({
  field: 'template',
  label: 'Template',
  noun: 'template',
  listKey: templateKeys.list(),
  summaries: (names) => names.map(summary),
});
