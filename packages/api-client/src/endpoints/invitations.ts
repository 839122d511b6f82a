import { pendingInvitationSchema } from '../contract/invitations';
import { defineEndpoint, listOf } from './define';

export const invitations = {
  pending: defineEndpoint({
    method: 'GET',
    path: '/invitations',
    summary:
      'Invitations waiting for the signed-in person to accept or decline, newest first, from any organization',
    tag: 'Invitations',
    response: listOf(pendingInvitationSchema),
    errors: ['FORBIDDEN'],
  }),
};
