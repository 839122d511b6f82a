import type { Notification, NotificationPage } from '@switchboard/api-client/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeComment, makeEvent } from '../../testing/api-fixtures';
import { INBOX_REFRESH_DELAY_MS, notificationKeys, refreshInboxAfter, storeRead } from './notifications';

function makeNotification(overrides: Partial<Notification> & Pick<Notification, 'id'>): Notification {
  return {
    kind: 'mentioned',
    actor: { type: 'user', name: 'Ada' },
    title: 'Ada mentioned you on SWB-1: Fix it',
    summary: '@grace look',
    projectId: 'p1',
    taskId: 't1',
    taskKey: 'SWB-1',
    questionId: null,
    questionOpen: false,
    commentId: 'c1',
    readAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('the unread count after changes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const comment = makeComment({ id: 'c1', taskId: 't1' });
  const created = makeEvent({
    id: '1',
    action: 'comment.created',
    data: { taskId: 't1', taskKey: 'SWB-1', comment },
  });

  it('is read again once after a burst of changes that may notify, not once per change', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    for (let index = 0; index < 5; index++) refreshInboxAfter(queryClient, created);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(INBOX_REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.all });
  });

  it('is left alone by changes that notify nobody', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const renamed = makeEvent({ id: '2', action: 'project.updated', data: { version: 2, fields: ['name'] } });
    refreshInboxAfter(queryClient, renamed);
    vi.advanceTimersByTime(INBOX_REFRESH_DELAY_MS * 2);
    expect(invalidate).not.toHaveBeenCalled();
  });
});

describe('storeRead', () => {
  it('marks the entry read in every list and counts it off the badge once', () => {
    const queryClient = new QueryClient();
    const unread = makeNotification({ id: 'n1' });
    const page: InfiniteData<NotificationPage, string | undefined> = {
      pages: [{ items: [unread, makeNotification({ id: 'n2' })] }],
      pageParams: [undefined],
    };
    queryClient.setQueryData(notificationKeys.list('all'), page);
    queryClient.setQueryData(notificationKeys.unreadCount(), 2);
    const read = { ...unread, readAt: '2026-01-02T00:00:00.000Z' };
    storeRead(queryClient, read);
    storeRead(queryClient, read);
    const after = queryClient.getQueryData<typeof page>(notificationKeys.list('all'));
    expect(after?.pages[0]?.items.map((item) => item.readAt)).toEqual(['2026-01-02T00:00:00.000Z', null]);
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toBe(1);
  });
});
