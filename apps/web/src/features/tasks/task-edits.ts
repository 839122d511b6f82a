import type { Task, UpdateTask } from '@switchboard/api-client/contract';
import type { Edit, TextField } from './edit-conflicts';

/** What a person's edit of a task changes (the version is added when it goes out). */
export type TaskChanges = Omit<UpdateTask, 'version'>;
export type TaskEdit = Edit<Task, TaskChanges>;
export type TaskTextField = TextField<Task, TaskChanges>;

type Criteria = Task['acceptanceCriteria'];

/** Criteria as one text, a line each, so two lists can be compared and merged by hand like any text. */
export function criteriaAsText(criteria: Criteria): string {
  return criteria.map((criterion) => `- [${criterion.checked ? 'x' : ' '}] ${criterion.text}`).join('\n');
}

/** The inverse of criteriaAsText; a line without a box is an unchecked criterion, blank lines go. */
export function criteriaFromText(text: string): Criteria {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const boxed = /^(?:[-*]\s*)?\[([ xX])\]\s*(.*)$/.exec(line);
      if (boxed) return { text: (boxed[2] ?? '').trim(), checked: boxed[1] !== ' ' };
      return { text: line.replace(/^[-*]\s+/, ''), checked: false };
    })
    .filter((criterion) => criterion.text !== '');
}

export const TASK_TITLE: TaskTextField = {
  label: 'Title',
  read: (task) => task.title,
  write: (title) => ({ title }),
};

export const TASK_DESCRIPTION: TaskTextField = {
  label: 'Description',
  read: (task) => task.description,
  write: (description) => ({ description }),
};

export const TASK_CRITERIA: TaskTextField = {
  label: 'Acceptance criteria',
  read: (task) => criteriaAsText(task.acceptanceCriteria),
  write: (text) => ({ acceptanceCriteria: criteriaFromText(text) }),
};

/**
 * A change to one criterion (ticked, cleared or removed), made where the person saw it. It is found
 * again by its text in the list as it is now, so a criterion added or removed elsewhere moves nothing
 * onto the wrong line; if its text is gone, the two lists are shown to choose from (a removal of a
 * criterion someone else removed already is simply done).
 */
export function criterionEdit(
  begunFrom: Criteria,
  index: number,
  change: { checked: boolean } | 'remove',
): TaskEdit {
  const apply = (list: Criteria, at: number) =>
    change === 'remove'
      ? list.filter((_, other) => other !== at)
      : list.map((item, other) => (other === at ? { ...item, checked: change.checked } : item));
  const seen = begunFrom[index];
  return (current) => {
    const now = current.acceptanceCriteria;
    if (!seen) return { changes: {} };
    const at = now[index]?.text === seen.text ? index : now.findIndex((item) => item.text === seen.text);
    if (at >= 0) return { changes: { acceptanceCriteria: apply(now, at) } };
    if (change === 'remove') return { changes: {} };
    return {
      conflict: {
        field: TASK_CRITERIA,
        mine: criteriaAsText(apply(begunFrom, index)),
        theirs: criteriaAsText(now),
      },
    };
  };
}

/** A new criterion goes at the end of the list as it is then: adding never replaces anyone's work. */
export function criterionAdded(text: string): TaskEdit {
  return (current) => ({
    changes: { acceptanceCriteria: [...current.acceptanceCriteria, { text, checked: false }] },
  });
}
