import type { InvitationMessage } from '@switchboard/auth/server';
import { createMailer, type MailerOptions } from './mailer';

export interface InvitationSenderOptions extends MailerOptions {
  appUrl: string;
  brandName: string;
}

/** The page where the invited person accepts or declines. */
export function invitationLink(appUrl: string, invitationId: string): string {
  return new URL(`/dashboard/invitations/${encodeURIComponent(invitationId)}`, appUrl).toString();
}

/**
 * Sends invitations by mail when a mail server is configured. Without one, or when sending fails, the
 * link is written to the server log: the dashboard shows the inviter the same link to copy, so an
 * invitation is never silently lost.
 */
export function createInvitationSender(options: InvitationSenderOptions) {
  const send = createMailer(options);
  return (message: InvitationMessage): Promise<void> => {
    const link = invitationLink(options.appUrl, message.invitationId);
    return send({
      to: message.email,
      subject: `${message.inviterName} invited you to ${message.organizationName} on ${options.brandName}`,
      text: [
        `${message.inviterName} (${message.inviterEmail}) invited you to join ${message.organizationName} as ${message.role}.`,
        '',
        `Accept or decline: ${link}`,
        '',
        'If you did not expect this, ignore this message.',
      ].join('\n'),
      fallback: `[invitations] ${message.email} was invited to ${message.organizationName} as ${message.role}: ${link}`,
      failed: (reason) =>
        `[invitations] mail to ${message.email} failed (${reason}); share this link: ${link}`,
    });
  };
}
