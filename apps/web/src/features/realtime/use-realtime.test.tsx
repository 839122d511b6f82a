import { createApiClient, createTypedApi } from '@switchboard/api-client';
import type { Task } from '@switchboard/api-client/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEvent, makeTask } from '../../testing/api-fixtures';
import { invitationKeys } from '../invitations/invitations';
import { taskKeys } from '../tasks/tasks';
import { reconnectDelay, useRealtime, useRealtimeStatus } from './use-realtime';

function client() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
}

class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data = '{}', lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
}

describe('useRealtime', () => {
  afterEach(() => {
    FakeEventSource.instances = [];
  });

  it('opens one stream with credentials, patches the cache from it and reports its state', () => {
    const queryClient = client();
    queryClient.setQueryData(taskKeys.board('p1'), [makeTask({ id: 't1' })]);
    const api = createTypedApi(createApiClient({ baseUrl: 'http://app.test' }));
    const status = renderHook(() => useRealtimeStatus());
    const { unmount } = renderHook(() =>
      useRealtime({
        api,
        queryClient,
        organizationId: 'o1',
        EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      }),
    );
    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe('http://app.test/api/v1/events');
    expect(source.init?.withCredentials).toBe(true);
    expect(status.result.current).toBe('connecting');

    act(() => source.emit('ready'));
    expect(status.result.current).toBe('live');

    const moved = makeTask({ id: 't1', statusId: 'done', version: 2 });
    act(() =>
      source.emit(
        'change',
        JSON.stringify(makeEvent({ id: '10', action: 'task.moved', data: { task: moved } })),
      ),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.statusId).toBe('done');

    // `reset`: everything that belongs to the organization is read again.
    act(() => source.emit('reset'));
    expect(queryClient.getQueryState(taskKeys.board('p1'))?.isInvalidated).toBe(true);

    unmount();
    expect(source.closed).toBe(true);
    expect(status.result.current).toBe('off');
  });

  it('after a reset, takes events from the log end the reset names, even below an id it held', () => {
    const queryClient = client();
    queryClient.setQueryData(taskKeys.board('p1'), [makeTask({ id: 't1' })]);
    renderHook(() =>
      useRealtime({
        api: createTypedApi(createApiClient({ baseUrl: 'http://app.test' })),
        queryClient,
        organizationId: 'o1',
        EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      }),
    );
    const source = FakeEventSource.instances[0] as FakeEventSource;
    act(() => source.emit('change', JSON.stringify(makeEvent({ id: '900', action: 'task.created' }))));
    // The server renumbered its log: it resets this client to position 5.
    act(() => source.emit('reset', '{}', '5'));
    const moved = makeTask({ id: 't1', statusId: 'done', version: 2 });
    act(() =>
      source.emit(
        'change',
        JSON.stringify(makeEvent({ id: '6', action: 'task.moved', data: { task: moved } })),
      ),
    );
    expect(queryClient.getQueryData<Task[]>(taskKeys.board('p1'))?.[0]?.statusId).toBe('done');
  });

  it('reads the invitations again on an invitations notice, and on every (re)connection', () => {
    const queryClient = client();
    queryClient.setQueryData(invitationKeys.pending, []);
    renderHook(() =>
      useRealtime({
        api: createTypedApi(createApiClient({ baseUrl: 'http://app.test' })),
        queryClient,
        organizationId: 'o1',
        EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      }),
    );
    const source = FakeEventSource.instances[0] as FakeEventSource;
    const invalidated = () => queryClient.getQueryState(invitationKeys.pending)?.isInvalidated;
    expect(invalidated()).toBe(false);
    act(() => source.emit('invitations'));
    expect(invalidated()).toBe(true);
    queryClient.setQueryData(invitationKeys.pending, []);
    act(() => source.emit('ready'));
    expect(invalidated()).toBe(true);
  });

  it('opens nothing without an organization', () => {
    renderHook(() =>
      useRealtime({
        api: createTypedApi(createApiClient({ baseUrl: 'http://app.test' })),
        queryClient: client(),
        organizationId: null,
        EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
      }),
    );
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('reopens a stream the server closed, resuming after the last event seen', () => {
    vi.useFakeTimers();
    try {
      const queryClient = client();
      renderHook(() =>
        useRealtime({
          api: createTypedApi(createApiClient({ baseUrl: 'http://app.test' })),
          queryClient,
          organizationId: 'o1',
          EventSourceImpl: FakeEventSource as unknown as typeof EventSource,
        }),
      );
      const first = FakeEventSource.instances[0] as FakeEventSource;
      act(() => first.emit('change', JSON.stringify(makeEvent({ id: '41', action: 'task.created' }))));
      // A replayed or duplicate event is applied once.
      act(() => first.emit('change', JSON.stringify(makeEvent({ id: '41', action: 'task.created' }))));
      act(() => {
        first.readyState = FakeEventSource.CLOSED;
        first.emit('error');
      });
      expect(FakeEventSource.instances).toHaveLength(1);
      act(() => vi.advanceTimersByTime(1000));
      expect(FakeEventSource.instances).toHaveLength(2);
      expect(FakeEventSource.instances[1]?.url).toBe('http://app.test/api/v1/events?lastEventId=41');
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off when the server closes the stream, up to 30 s', () => {
    expect(reconnectDelay(0)).toBe(1000);
    expect(reconnectDelay(3)).toBe(8000);
    expect(reconnectDelay(20)).toBe(30_000);
  });
});
