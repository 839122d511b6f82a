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

/** What happened to the checklist, item by item (criteria are compared by their text). */
function criteriaChanges(
  before: ChangeableTask['acceptanceCriteria'],
  after: ChangeableTask['acceptanceCriteria'],
) {
  const beforeByText = new Map(before.map((criterion) => [criterion.text, criterion]));
  const afterTexts = new Set(after.map((criterion) => criterion.text));
  const added = after.filter((criterion) => !beforeByText.has(criterion.text)).map((c) => c.text);
  const removed = before.filter((criterion) => !afterTexts.has(criterion.text)).map((c) => c.text);
  const toggled = after.filter((criterion) => {
    const earlier = beforeByText.get(criterion.text);
    return earlier !== undefined && earlier.checked !== criterion.checked;
  });
  const checked = toggled.filter((criterion) => criterion.checked).map((c) => c.text);
  const unchecked = toggled.filter((criterion) => !criterion.checked).map((c) => c.text);
  const parts = [
    added.length ? `added ${list(added)}` : '',
    removed.length ? `removed ${list(removed)}` : '',
    checked.length ? `checked ${list(checked)}` : '',
    unchecked.length ? `unchecked ${list(unchecked)}` : '',
  ].filter(Boolean);
  return parts.length ? `acceptance criteria: ${parts.join(', ')}` : 'acceptance criteria reordered';
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
