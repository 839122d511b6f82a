// What the outline reader (outline.ts) hands to the draft builder (items.ts), kept apart so neither imports the other.

export type PlanItemKind = 'work_unit' | 'task';
export type OutlinePriority = 'low' | 'medium' | 'high';

/** One item of a plan outline as read, before it becomes a draft. */
export interface OutlineItem {
  key: string;
  kind: PlanItemKind;
  /** The enclosing work unit's key; null at the top. */
  parent: string | null;
  title: string;
  description: string;
  acceptanceCriteria: string[];
  priority?: OutlinePriority;
  estimateHours?: number;
  /** Keys of the items that must be done first. */
  dependsOn: string[];
  /** An agent profile name or a person's e-mail, as written; the caller resolves it. */
  assignee?: string;
  /** The 1-based line the item starts on, for messages about it. */
  line: number;
}
