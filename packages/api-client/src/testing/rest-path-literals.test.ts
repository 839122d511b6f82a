import { describe, expect, it } from 'vitest';
import { restPathLiterals } from './rest-path-literals';

describe('restPathLiterals', () => {
  it('spots a hand-written path in any quoting', () => {
    const roots = ['/tasks', '/projects', '/events'];
    const text = [
      'api.post(`/tasks/SWB-1/move`);',
      "api.get('/projects');",
      'new EventSource("/api/v1/events?lastEventId=4");',
      "navigate({ to: '/dashboard/projects' });",
      "const name = '/tasksboard';",
    ].join('\n');
    expect(restPathLiterals(text, roots)).toEqual([
      '/tasks/SWB-1/move',
      '/projects',
      '/api/v1/events?lastEventId=4',
    ]);
  });
});
