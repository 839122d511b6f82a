import { createTransport } from 'nodemailer';

export interface MailerOptions {
  /** smtp:// or smtps:// URL; omitted = no mail, the link is logged instead. */
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one line written to the log instead of the mail when there is no mail server. */
  fallback: string;
  /** The line logged when sending failed; without it, the fallback followed by the reason. */
  failed?: (reason: string) => string;
}

/**
 * Sends a message by SMTP when a mail server is configured. Without one, or when sending fails, a line
 * (which carries the link) is logged, so an administrator can still pass the link on. Sending never
 * throws: whatever asked for the mail has already happened.
 */
export function createMailer(options: MailerOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  return async (mail: OutgoingMail): Promise<void> => {
    if (!transport) {
      log(mail.fallback);
      return;
    }
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      const reason = (error as Error).message;
      log(mail.failed ? mail.failed(reason) : `${mail.fallback} (mail failed: ${reason})`);
    }
  };
}
