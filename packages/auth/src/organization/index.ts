import { organization } from 'better-auth/plugins';
import { accessControl, roles } from '../access';
import { ownerRemovalGuard } from './owner-removal';
import { organizationScope } from './scope';

export { firstOrganizationOf } from './first-organization';

/** How long an invitation can be accepted. */
export const INVITATION_LIFETIME_SECONDS = 60 * 60 * 24 * 7;

export interface InvitationMessage {
  invitationId: string;
  email: string;
  role: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
}

export interface OrganizationsOptions {
  /** Delivers an invitation (mail, or a log line when no mail server is configured). @default none */
  sendInvitation?: (message: InvitationMessage) => Promise<void>;
  /**
   * Called with the invited address (lower case) after an invitation is sent, cancelled, accepted or
   * declined, so an invitee's open pages show it or drop it at once. @default none
   */
  onInvitationChange?: (email: string) => void;
}

/**
 * better-auth's organization plugin with our roles, teams and custom roles, followed by the scope guard
 * that answers 404 for anything outside the caller's organizations and the owner-removal guard.
 */
export function organizations(options: OrganizationsOptions) {
  const organizationOptions = {
    ac: accessControl,
    roles,
    creatorRole: 'owner',
    teams: { enabled: true, allowRemovingAllTeams: true },
    dynamicAccessControl: { enabled: true },
    invitationExpiresIn: INVITATION_LIFETIME_SECONDS,
    cancelPendingInvitationsOnReInvite: true,
    // Email sign-up has no verification step, so requiring a verified address would lock every
    // invitee out. The invitation id is a random UUID sent only to the invited address, and the
    // invitation still has to be accepted from an account with that address.
    requireEmailVerificationOnInvitation: false,
    organizationHooks: {
      afterCreateInvitation: async ({ invitation }) =>
        options.onInvitationChange?.(invitation.email.toLowerCase()),
      afterCancelInvitation: async ({ invitation }) =>
        options.onInvitationChange?.(invitation.email.toLowerCase()),
      afterAcceptInvitation: async ({ invitation }) =>
        options.onInvitationChange?.(invitation.email.toLowerCase()),
      afterRejectInvitation: async ({ invitation }) =>
        options.onInvitationChange?.(invitation.email.toLowerCase()),
    },
    async sendInvitationEmail(data) {
      await options.sendInvitation?.({
        invitationId: data.id,
        email: data.email,
        role: data.role,
        organizationName: data.organization.name,
        inviterName: data.inviter.user.name,
        inviterEmail: data.inviter.user.email,
      });
    },
  } satisfies Parameters<typeof organization>[0];
  return [
    organization(organizationOptions),
    organizationScope(organizationOptions),
    ownerRemovalGuard(organizationOptions.creatorRole),
  ] as const;
}
