import type { Question } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeTask } from '../../testing/api-fixtures';
import { applyChange } from '../realtime/realtime';
import { taskKeys } from '../tasks/tasks';
import {
  openQuestionOf,
  openQuestionsOf,
  questionKeys,
  storeQuestion,
  upsertQuestion,
  withOpenQuestion,
} from './questions';

function makeQuestion(overrides: Partial<Question> & Pick<Question, 'id'>): Question {
  return {
    projectId: 'p1',
    taskId: 't1',
    taskKey: 'SWB-1',
    sessionId: 's1',
    agentName: 'builder',
    question: 'Which database?',
    answer: null,
    answeredBy: null,
    askedAt: '2026-01-01T00:00:00.000Z',
    answeredAt: null,
    ...overrides,
  };
}

const answered = (question: Question): Question => ({
  ...question,
  answer: 'PostgreSQL',
  answeredBy: { id: 'u1', name: 'Ada' },
  answeredAt: '2026-01-01T00:05:00.000Z',
});

function client() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

describe('question lists', () => {
  it('keeps a task’s questions newest first and an answer over a late unanswered copy', () => {
    const first = makeQuestion({ id: 'q1', askedAt: '2026-01-01T00:00:00.000Z' });
    const second = makeQuestion({ id: 'q2', askedAt: '2026-01-01T00:01:00.000Z' });
    const list = upsertQuestion(upsertQuestion([], first), second);
    expect(list.map((question) => question.id)).toEqual(['q2', 'q1']);

    const withAnswer = upsertQuestion(list, answered(first));
    expect(upsertQuestion(withAnswer, first).find((question) => question.id === 'q1')?.answer).toBe(
      'PostgreSQL',
    );
  });

  it('drops a question from the open list once it is answered', () => {
    const question = makeQuestion({ id: 'q1' });
    const open = withOpenQuestion([], question);
    expect(open).toHaveLength(1);
    expect(withOpenQuestion(open, answered(question))).toEqual([]);
  });

  it('finds the open question a session waits on, its latest', () => {
    const older = makeQuestion({ id: 'q1', askedAt: '2026-01-01T00:00:00.000Z' });
    const newer = makeQuestion({ id: 'q2', askedAt: '2026-01-01T00:02:00.000Z' });
    const otherSession = makeQuestion({ id: 'q3', sessionId: 's2' });
    expect(openQuestionOf([older, newer, otherSession], 's1')?.id).toBe('q2');
    expect(openQuestionOf([answered(newer)], 's1')).toBeUndefined();
    expect(openQuestionOf(undefined, 's1')).toBeUndefined();
  });

  it('lists a task’s open questions, the one waiting longest first', () => {
    const older = makeQuestion({ id: 'q1', askedAt: '2026-01-01T00:00:00.000Z' });
    const newer = makeQuestion({ id: 'q2', askedAt: '2026-01-01T00:02:00.000Z' });
    expect(openQuestionsOf([newer, answered(makeQuestion({ id: 'q0' })), older]).map((q) => q.id)).toEqual([
      'q1',
      'q2',
    ]);
  });

  it('stores an answer in the open list and in the task’s list at once', () => {
    const queryClient = client();
    const question = makeQuestion({ id: 'q1' });
    queryClient.setQueryData(questionKeys.open(), [question]);
    queryClient.setQueryData(questionKeys.task('t1'), [question]);
    storeQuestion(queryClient, answered(question));
    expect(queryClient.getQueryData(questionKeys.open())).toEqual([]);
    expect(queryClient.getQueryData<Question[]>(questionKeys.task('t1'))?.[0]?.answer).toBe('PostgreSQL');
  });
});

describe('applyChange: questions and leases', () => {
  it('shows an asked question live and removes it from the open list when answered', () => {
    const queryClient = client();
    queryClient.setQueryData(questionKeys.open(), []);
    queryClient.setQueryData(questionKeys.task('t1'), []);
    const question = makeQuestion({ id: 'q1' });

    applyChange(
      queryClient,
      makeEvent({ id: '1', action: 'question.asked', entityId: 'q1', data: { question } }),
    );
    expect(queryClient.getQueryData<Question[]>(questionKeys.open())?.map((q) => q.id)).toEqual(['q1']);
    expect(queryClient.getQueryData<Question[]>(questionKeys.task('t1'))?.map((q) => q.id)).toEqual(['q1']);

    applyChange(
      queryClient,
      makeEvent({
        id: '2',
        action: 'question.answered',
        entityId: 'q1',
        data: { question: answered(question), commentId: 'c9' },
      }),
    );
    expect(queryClient.getQueryData(questionKeys.open())).toEqual([]);
    expect(queryClient.getQueryData<Question[]>(questionKeys.task('t1'))?.[0]?.answeredBy?.name).toBe('Ada');
  });

  it('refreshes the task on its page and on the board when its lease expires', () => {
    const queryClient = client();
    const claimed = makeTask({
      id: 't1',
      statusId: 'doing',
      version: 3,
      claim: { by: 's1', agentName: 'builder', expiresAt: '2026-01-01T00:00:00.000Z' },
    });
    queryClient.setQueryData(taskKeys.board('p1'), [claimed]);
    queryClient.setQueryData(taskKeys.detail('SWB-1'), claimed);
    const freed = { ...claimed, statusId: 'todo', claim: null, version: 4 };

    applyChange(
      queryClient,
      makeEvent({
        id: '7',
        action: 'task.lease_expired',
        entityId: 't1',
        data: { version: 4, task: freed, agentName: 'builder', fromStatusId: 'doing', toStatusId: 'todo' },
      }),
    );

    expect(queryClient.getQueryData(taskKeys.detail('SWB-1'))).toMatchObject({
      statusId: 'todo',
      claim: null,
    });
    expect(queryClient.getQueryData(taskKeys.board('p1'))).toMatchObject([{ statusId: 'todo', version: 4 }]);
  });
});
