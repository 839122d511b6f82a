import type { Task } from '@switchboard/api-client/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  agentSessionKeys,
  agentSessionsQueryOptions,
  type ClaimHolder,
  claimHolderOf,
} from '../lib/agent-sessions';
import { useApi } from './use-api';

/**
 * The holder of a task's claim, for cards and the task page. Reads the sessions list without polling
 * it (events keep it current); a claim by a session the list does not know yet reads the list once more.
 */
export function useClaimHolder(task: Pick<Task, 'claim'>): ClaimHolder | null {
  const api = useApi();
  const queryClient = useQueryClient();
  const claimed = task.claim !== null;
  const { data: sessions } = useQuery({
    ...agentSessionsQueryOptions(api),
    enabled: claimed,
    refetchInterval: false,
  });
  const holder = claimHolderOf(task, sessions, Date.now());
  const retried = useRef<string | null>(null);
  const unknownSession = holder && holder.agentName === null && sessions ? (task.claim?.by ?? null) : null;
  useEffect(() => {
    if (!unknownSession || retried.current === unknownSession) return;
    retried.current = unknownSession;
    void queryClient.invalidateQueries({ queryKey: agentSessionKeys.list() });
  }, [unknownSession, queryClient]);
  return holder;
}
