import type { InvitationMessage } from '@switchboard/auth/server';
import { createTransport } from 'nodemailer';

export interface InvitationSenderOptions {
  /** smtp:// or smtps:// URL; omitted = no mail, the link is logged (and the inviter copies it). */
  smtpUrl?: string;
  from: string;
  appUrl: string;
  brandName: string;
  log?: (line: string) => void;
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
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  return async (message: InvitationMessage): Promise<void> => {
    const link = invitationLink(options.appUrl, message.invitationId);
    if (!transport) {
      log(
        `[invitations] ${message.email} was invited to ${message.organizationName} as ${message.role}: ${link}`,
      );
      return;
    }
    try {
      await transport.sendMail({
        from: options.from,
        to: message.email,
        subject: `${message.inviterName} invited you to ${message.organizationName} on ${options.brandName}`,
        text: [
          `${message.inviterName} (${message.inviterEmail}) invited you to join ${message.organizationName} as ${message.role}.`,
          '',
          `Accept or decline: ${link}`,
          '',
          'If you did not expect this, ignore this message.',
        ].join('\n'),
      });
    } catch (error) {
      log(
        `[invitations] mail to ${message.email} failed (${(error as Error).message}); share this link: ${link}`,
      );
    }
  };
}
