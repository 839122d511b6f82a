import { describe, expect, it } from 'vitest';
import { makeEvent, makeTask } from '../../testing/api-fixtures';
import { activityLink, withoutActorName } from './activity';

const question = {
  id: 'q1',
  projectId: 'p1',
  taskId: 't1',
  taskKey: 'SWB-4',
  sessionId: 's1',
  agentName: 'builder',
  question: 'Which database?',
  answer: null,
  answeredBy: null,
  askedAt: '2026-01-01T00:00:00.000Z',
  answeredAt: null,
};

describe('activityLink', () => {
  it('leads an expired lease to its task, whose summary the feed shows', () => {
    const expired = makeEvent({
      id: '9',
      action: 'task.lease_expired',
      entityId: 't1',
      summary: "builder's lease on SWB-4 expired",
      data: {
        task: makeTask({ id: 't1', number: 4 }),
        agentName: 'builder',
        fromStatusId: 'a',
        toStatusId: 'b',
      },
    });
    expect(expired.summary).toBe("builder's lease on SWB-4 expired");
    expect(activityLink(expired)).toEqual({ projectId: 'p1', taskKey: 'SWB-4' });
  });

  it('leads a question, asked or answered, to the task it is about', () => {
    const asked = makeEvent({ id: '10', action: 'question.asked', entityId: 'q1', data: { question } });
    expect(activityLink(asked)).toEqual({ projectId: 'p1', taskKey: 'SWB-4' });
    const answered = makeEvent({
      id: '11',
      action: 'question.answered',
      entityId: 'q1',
      data: { question: { ...question, answer: 'PostgreSQL' }, commentId: 'c1' },
    });
    expect(activityLink(answered)).toEqual({ projectId: 'p1', taskKey: 'SWB-4' });
  });

  it('leads nowhere for a deleted task', () => {
    const deleted = makeEvent({
      id: '12',
      action: 'task.deleted',
      entityId: 't1',
      data: { task: makeTask({ id: 't1' }) },
    });
    expect(activityLink(deleted)).toBeUndefined();
  });
});

describe('withoutActorName', () => {
  it("drops the actor's name from a summary that starts with it, since the entry names the actor", () => {
    const agent = { type: 'agent' as const, id: 's1', name: 'backend-dev' };
    expect(withoutActorName({ actor: agent, summary: 'backend-dev claimed SWB-1' })).toBe('claimed SWB-1');
    expect(withoutActorName({ actor: agent, summary: 'moved SWB-1 from Todo to Done' })).toBe(
      'moved SWB-1 from Todo to Done',
    );
    expect(withoutActorName({ actor: agent, summary: 'backend-devs met' })).toBe('backend-devs met');
  });
});
