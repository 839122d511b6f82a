import { endpoints, type TypedApi } from '@switchboard/api-client';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { invitationKeys } from '../invitations/invitations';
import { applyChange, invalidateOrganizationData, parseChangeEvent } from './realtime';

export type RealtimeStatus = 'off' | 'connecting' | 'live' | 'offline';

let status: RealtimeStatus = 'off';
const listeners = new Set<() => void>();

function setStatus(next: RealtimeStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

/** The tab's connection state, for the "Live" indicator. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => 'off' as const,
  );
}

/** Waits before opening a closed stream again: 1 s, 2 s, 4 s … up to 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempt));
}

export interface RealtimeOptions {
  api: TypedApi;
  queryClient: QueryClient;
  /** The stream is per organization: a new one opens when it changes, none without one. */
  organizationId: string | null;
  /** For tests. @default globalThis.EventSource */
  EventSourceImpl?: typeof EventSource;
}

/**
 * One EventSource per tab while signed in. The browser reconnects a dropped stream by itself and
 * resends Last-Event-ID, so the server replays what was missed; a stream the server closed for good
 * (an error status) is reopened here with backoff, resuming from the last id seen.
 */
export function useRealtime({ api, queryClient, organizationId, EventSourceImpl }: RealtimeOptions): void {
  useEffect(() => {
    const Impl = EventSourceImpl ?? globalThis.EventSource;
    if (!organizationId || !Impl) return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      setStatus('connecting');
      const url = api.urlOf(endpoints.events.stream, { query: lastEventId ? { lastEventId } : undefined });
      const current = new Impl(url, { withCredentials: true });
      source = current;
      current.addEventListener('ready', () => {
        attempt = 0;
        setStatus('live');
        // Invitations are no part of the log a reconnection replays: one sent meanwhile is read now.
        void queryClient.invalidateQueries({ queryKey: invitationKeys.pending });
      });
      // Invitations to this person changed, from whichever organization: read them again.
      current.addEventListener('invitations', () => {
        void queryClient.invalidateQueries({ queryKey: invitationKeys.pending });
      });
      current.addEventListener('change', (message) => {
        const event = parseChangeEvent((message as MessageEvent<string>).data);
        if (!event) return;
        if (lastEventId && Number(event.id) <= Number(lastEventId)) return;
        lastEventId = event.id;
        applyChange(queryClient, event);
      });
      current.addEventListener('reset', (message) => {
        // The reset carries the log's end: an older id held from before would drop what follows.
        const resumeFrom = (message as MessageEvent<string>).lastEventId;
        if (resumeFrom) lastEventId = resumeFrom;
        void invalidateOrganizationData(queryClient);
      });
      current.addEventListener('error', () => {
        if (stopped) return;
        if (current.readyState === Impl.CLOSED) {
          setStatus('offline');
          current.close();
          retryTimer = setTimeout(open, reconnectDelay(attempt++));
        } else {
          setStatus('connecting');
        }
      });
    };

    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setStatus('off');
    };
  }, [api, queryClient, organizationId, EventSourceImpl]);
}
