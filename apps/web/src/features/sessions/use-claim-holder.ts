import type { Task } from '@switchboard/api-client/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../hooks/use-api';
import {
  agentSessionKeys,
  agentSessionsQueryOptions,
  type ClaimHolder,
  claimHolderOf,
} from './agent-sessions';

/**
 * The holder of a task's claim, for cards and the task page. A claim that names its agent needs nothing
 * more; one that names only its session reads the sessions list without polling it (events keep it
 * current), and once more for a session the list does not know yet.
 */
export function useClaimHolder(task: Pick<Task, 'claim'>): ClaimHolder | null {
  const api = useApi();
  const queryClient = useQueryClient();
  const needsSessions = task.claim !== null && !task.claim.agentName;
  const { data: sessions } = useQuery({
    ...agentSessionsQueryOptions(api),
    enabled: needsSessions,
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
