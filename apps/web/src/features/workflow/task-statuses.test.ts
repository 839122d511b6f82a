import { ApiError } from '@switchboard/api-client';
import type { TaskStatus } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { moveStatus, statusErrorsFrom, tasksPerStatus, withoutStatus } from './task-statuses';

const status = (name: string, position: number): TaskStatus => ({
  id: name.toLowerCase(),
  projectId: 'p',
  name,
  category: 'todo',
  color: '#8b8d98',
  position,
});

const workflow = [status('Todo', 0), status('Doing', 1), status('Review', 2), status('Done', 3)];
const names = (statuses: TaskStatus[]) => statuses.map((one) => `${one.position}:${one.name}`);

const refusal = (status: number, code: string, message: string, details?: unknown) =>
  new ApiError({ status, statusText: 'x', body: { error: { code, message, details } } });

describe('moveStatus', () => {
  it('moves a status and numbers the columns again', () => {
    expect(names(moveStatus(workflow, 'done', 0))).toEqual(['0:Done', '1:Todo', '2:Doing', '3:Review']);
    expect(names(moveStatus(workflow, 'todo', 2))).toEqual(['0:Doing', '1:Review', '2:Todo', '3:Done']);
  });

  it('keeps a move past either end at that end, and ignores an unknown status', () => {
    expect(names(moveStatus(workflow, 'doing', 99))).toEqual(['0:Todo', '1:Review', '2:Done', '3:Doing']);
    expect(names(moveStatus(workflow, 'review', -3))).toEqual(['0:Review', '1:Todo', '2:Doing', '3:Done']);
    expect(names(moveStatus(workflow, 'gone', 0))).toEqual(names(workflow));
  });
});

describe('withoutStatus', () => {
  it('takes a status out and closes the gap', () => {
    expect(names(withoutStatus(workflow, 'doing'))).toEqual(['0:Todo', '1:Review', '2:Done']);
  });
});

describe('tasksPerStatus', () => {
  it('counts the tasks of each status', () => {
    const counts = tasksPerStatus([{ statusId: 'todo' }, { statusId: 'done' }, { statusId: 'todo' }]);
    expect([...counts]).toEqual([
      ['todo', 2],
      ['done', 1],
    ]);
  });
});

describe('statusErrorsFrom', () => {
  it('puts each refusal on the field it is about', () => {
    expect(statusErrorsFrom(refusal(409, 'STATUS_NAME_TAKEN', 'Another status is named "QA".'))).toEqual({
      name: 'Another status is named "QA".',
    });
    expect(statusErrorsFrom(refusal(409, 'STATUS_CATEGORY_LAST', 'Cannot change Review.'))).toEqual({
      category: 'Cannot change Review.',
    });
    expect(statusErrorsFrom(refusal(422, 'STATUS_MOVE_TO_REQUIRED', 'QA still has 2 tasks.'))).toEqual({
      moveTo: 'QA still has 2 tasks.',
    });
    expect(
      statusErrorsFrom(
        refusal(400, 'VALIDATION_FAILED', 'name: too long', [
          { path: ['name'], message: 'must be at most 30 characters' },
        ]),
      ),
    ).toEqual({ name: 'Must be at most 30 characters' });
    expect(statusErrorsFrom(refusal(422, 'STATUS_LIMIT_REACHED', 'At most 20.'))).toEqual({
      _form: 'At most 20.',
    });
  });
});
