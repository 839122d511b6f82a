import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent } from '../../testing/api-fixtures';
import { renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { activityKeys } from './activity';
import { ActivityFeed } from './activity-feed';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ActivityFeed', () => {
  it('names an agent once, and shows names with bidi controls as they are written', async () => {
    const queryClient = testQueryClient();
    const entries = [
      makeEvent({ id: '2', action: 'task.created', summary: 'created task SWB-2 \u202Eevil\u202C' }),
      makeEvent({
        id: '1',
        action: 'task.claimed',
        actor: { type: 'agent', id: 's1', name: 'backend-dev' },
        summary: 'backend-dev claimed SWB-1',
      }),
    ];
    queryClient.setQueryData(activityKeys.feed({}), {
      pages: [{ items: entries, nextCursor: undefined }],
      pageParams: [undefined],
    });
    renderInDashboard(<ActivityFeed filter={{}} linkTasks={false} />, { queryClient });
    const items = await screen.findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Ada created task SWB-2 evil');
    expect(items[1]?.textContent).toContain('backend-dev (agent) claimed SWB-1');
  });
});
