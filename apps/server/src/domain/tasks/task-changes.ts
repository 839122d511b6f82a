/** The parts of a task an update can change, as stored. */
export interface ChangeableTask {
  title: string;
  description: string;
  assignee: string | null;
  assigneeUserId?: string | null;
  priority: string;
  dueDate: string | null;
  estimate: number | null;
  workUnitId: string | null;
  blockedBy: readonly string[];
  acceptanceCriteria: readonly { text: string; checked: boolean }[];
  devInfo: unknown;
}

/** How other tasks and work units are named in the words (keys and slugs, by id). */
export interface ChangeNames {
  taskKeys: ReadonlyMap<string, string>;
  workUnitSlugs: ReadonlyMap<string, string>;
  /** People's names by user id, for a person assignee. */
  people?: ReadonlyMap<string, string>;
}

const MAX_QUOTED = 60;

function quoted(text: string): string {
  const short = text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 1)}…` : text;
  return `"${short}"`;
}

const list = (items: readonly string[]) => items.map(quoted).join(', ');

type Criteria = ChangeableTask['acceptanceCriteria'];

/**
 * Pairs each criterion after the change with one before it of the same text, occurrence by occurrence,
 * so a second criterion with a text already there reads as added (not as a reordering).
 */
function pairCriteria(before: Criteria, after: Criteria) {
  const waiting = new Map<string, number[]>();
  before.forEach((criterion, index) => {
    waiting.set(criterion.text, [...(waiting.get(criterion.text) ?? []), index]);
  });
  const pairs: Array<[before: number, after: number]> = [];
  const added: number[] = [];
  after.forEach((criterion, index) => {
    const earlier = waiting.get(criterion.text)?.shift();
    if (earlier === undefined) added.push(index);
    else pairs.push([earlier, index]);
  });
  const removed = [...waiting.values()].flat().sort((a, b) => a - b);
  return { pairs, added, removed };
}

/** What happened to the checklist, item by item: added, edited, removed, checked, unchecked, reordered. */
function criteriaChanges(before: Criteria, after: Criteria) {
  const { pairs, added, removed } = pairCriteria(before, after);
  // With as many items as before, a text changed where it stood was edited, not removed and added.
  const edited =
    before.length === after.length ? added.filter((index) => removed.includes(index)) : ([] as number[]);
  const onlyAdded = added.filter((index) => !edited.includes(index));
  const onlyRemoved = removed.filter((index) => !edited.includes(index));
  const toggled = pairs.filter(([was, is]) => before[was]?.checked !== after[is]?.checked);
  const texts = (indexes: number[], of: Criteria) => indexes.map((index) => of[index]?.text ?? '');
  const checked = toggled.filter(([, is]) => after[is]?.checked).map(([, is]) => is);
  const unchecked = toggled.filter(([, is]) => !after[is]?.checked).map(([, is]) => is);
  const parts = [
    onlyAdded.length ? `added ${list(texts(onlyAdded, after))}` : '',
    ...edited.map(
      (index) => `edited ${quoted(before[index]?.text ?? '')} → ${quoted(after[index]?.text ?? '')}`,
    ),
    onlyRemoved.length ? `removed ${list(texts(onlyRemoved, before))}` : '',
    checked.length ? `checked ${list(texts(checked, after))}` : '',
    unchecked.length ? `unchecked ${list(texts(unchecked, after))}` : '',
  ].filter(Boolean);
  if (parts.length) return `acceptance criteria: ${parts.join(', ')}`;
  // Same items, same ticks: only their order can have changed.
  return 'acceptance criteria reordered';
}

/** Who a task is assigned to in words: an agent by name, a person by name, or nobody. */
function assigneeOf(task: ChangeableTask, names: ChangeNames): string {
  if (task.assigneeUserId) return names.people?.get(task.assigneeUserId) ?? 'a former member';
  return task.assignee ?? 'nobody';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A due date as people say it, "3 Dec 2026": the same words whatever the reader's time zone. */
export function spokenDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

const points = (estimate: number) => `${estimate} ${estimate === 1 ? 'point' : 'points'}`;

/** A value set, changed or cleared, in words: "due date set to 3 Dec 2026", "estimate 3 → 5 points". */
function settingChange<T>(name: string, before: T | null, after: T | null, say: (value: T) => string) {
  if (before === null) return `${name} set to ${say(after as T)}`;
  if (after === null) return `${name} cleared (was ${say(before)})`;
  return `${name} ${say(before)} → ${say(after)}`;
}

const keysOf = (ids: readonly string[], names: ChangeNames) =>
  ids.map((id) => names.taskKeys.get(id) ?? 'a deleted task').join(', ') || 'nothing';

/**
 * A task's update in words, field by field with the old and the new value where they are short
 * ('priority medium → high', 'assignee nobody → backend-dev', 'acceptance criteria: added "…"').
 * Fields named but unchanged are left out; the description and dev info only say they changed.
 */
export function describeTaskChanges(
  before: ChangeableTask,
  after: ChangeableTask,
  fields: readonly string[],
  names: ChangeNames,
): string[] {
  const words: string[] = [];
  for (const field of fields) {
    switch (field) {
      case 'title':
        if (before.title !== after.title)
          words.push(`title ${quoted(before.title)} → ${quoted(after.title)}`);
        break;
      case 'description':
        if (before.description !== after.description) words.push('description edited');
        break;
      // Either field changes the one assignee; said once when an update names both.
      case 'assignee':
      case 'assigneeUserId': {
        const [was, now] = [assigneeOf(before, names), assigneeOf(after, names)];
        const said = words.some((word) => word.startsWith('assignee '));
        if (!said && (before.assignee !== after.assignee || before.assigneeUserId !== after.assigneeUserId))
          words.push(`assignee ${was} → ${now}`);
        break;
      }
      case 'priority':
        if (before.priority !== after.priority) words.push(`priority ${before.priority} → ${after.priority}`);
        break;
      case 'dueDate': {
        if (before.dueDate !== after.dueDate)
          words.push(settingChange('due date', before.dueDate, after.dueDate, spokenDate));
        break;
      }
      case 'estimate': {
        if (before.estimate !== after.estimate)
          words.push(settingChange('estimate', before.estimate, after.estimate, points));
        break;
      }
      case 'workUnitId':
        if (before.workUnitId !== after.workUnitId) {
          const slug = (id: string | null) =>
            id ? (names.workUnitSlugs.get(id) ?? 'a deleted unit') : 'none';
          words.push(`work unit ${slug(before.workUnitId)} → ${slug(after.workUnitId)}`);
        }
        break;
      case 'blockedBy':
        if (before.blockedBy.join() !== after.blockedBy.join())
          words.push(`blocked by ${keysOf(before.blockedBy, names)} → ${keysOf(after.blockedBy, names)}`);
        break;
      case 'acceptanceCriteria':
        if (JSON.stringify(before.acceptanceCriteria) !== JSON.stringify(after.acceptanceCriteria))
          words.push(criteriaChanges(before.acceptanceCriteria, after.acceptanceCriteria));
        break;
      case 'devInfo':
        if (JSON.stringify(before.devInfo) !== JSON.stringify(after.devInfo)) words.push('dev info updated');
        break;
      default:
        words.push(`${field} changed`);
    }
  }
  return words;
}
