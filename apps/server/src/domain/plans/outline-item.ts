// What the outline reader (outline.ts) hands to the draft builder (items.ts), kept apart so neither imports the other.

import type { AuthoredItemText, PlanItem } from '@switchboard/api-client/contract';

/** One item of a plan outline as read, before it becomes a draft; its parent is the enclosing work unit's key. */
export interface OutlineItem extends AuthoredItemText {
  priority?: NonNullable<PlanItem['priority']>;
  estimateHours?: number;
  /** Keys of the items that must be done first. */
  dependsOn: string[];
  /** An agent profile name or a person's e-mail, as written; the caller resolves it. */
  assignee?: string;
  /** The 1-based line the item starts on, for messages about it. */
  line: number;
}
