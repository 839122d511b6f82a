import type { ToolKit } from '../tooling';
import { registerAddDesignPattern, registerAddRule } from './architecture/admin';
import { registerGetFileDesignPattern } from './architecture/design-patterns';
import { registerRecordReview, registerReviewCodeChange } from './architecture/reviews';

/**
 * architecture: the organization's design patterns and rules, checked against the files an agent
 * changes. Review findings recorded on a task gate its moves (see domain/architecture/review-gate.ts).
 */
export function registerArchitectureTools(kit: ToolKit): void {
  registerGetFileDesignPattern(kit);
  registerReviewCodeChange(kit);
  registerRecordReview(kit);

  // The admin tools change what every agent of the organization is held to, so only keys an owner or
  // admin marked admin list them.
  if (!kit.session.adminTools) return;

  registerAddDesignPattern(kit);
  registerAddRule(kit);
}
