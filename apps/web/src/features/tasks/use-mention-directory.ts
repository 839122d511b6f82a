import type { MentionDirectory } from '@switchboard/api-client/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useActiveOrganizationId } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { activeOrganizationQueryOptions } from '../../lib/organization';
import { agentProfilesQueryOptions } from '../agents/agents';

const dashboardRoute = getRouteApi('/dashboard');

/**
 * Who can be @mentioned here: the organization's members and its agent profiles. Until both are
 * read it holds what has arrived, so mentions appear as chips and suggestions as soon as they can.
 */
export function useMentionDirectory(): MentionDirectory {
  const api = useApi();
  const { authClient } = dashboardRoute.useRouteContext();
  const organizationId = useActiveOrganizationId();
  const { data: organization } = useQuery({
    ...activeOrganizationQueryOptions(authClient, organizationId ?? ''),
    enabled: Boolean(organizationId),
  });
  const { data: agents } = useQuery(agentProfilesQueryOptions(api));
  return useMemo(
    () => ({
      people: (organization?.members ?? []).map((member) => ({
        id: member.user.id,
        name: member.user.name,
        email: member.user.email,
      })),
      agents: (agents ?? []).map((agent) => ({ name: agent.name })),
    }),
    [organization, agents],
  );
}
