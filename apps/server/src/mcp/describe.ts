import type { SessionFacts } from './lookup';
import { describeStatuses } from './tooling';

/** Sentences tool descriptions share, built from the facts read when the session started. */
export function statusesSentence(facts: SessionFacts): string {
  return facts.project
    ? `Statuses of ${facts.project.key} (name or id; category in brackets): ${describeStatuses(facts.project.statuses)}.`
    : 'Statuses are per project (name or id): get-project lists them.';
}

export function projectSentence(facts: SessionFacts): string {
  if (facts.project) return `project: defaults to ${facts.project.key} (${facts.project.name}).`;
  const keys = facts.projects.map((project) => `${project.key} (${project.name})`).join(', ');
  return keys ? `project: id or key, one of ${keys}.` : 'project: id or key of a project.';
}
