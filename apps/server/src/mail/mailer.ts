import { createTransport } from 'nodemailer';

export interface MailerOptions {
  /** smtp:// or smtps:// URL; omitted = no mail, the link is logged instead. */
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
  /** The one line written to the log instead of the mail (no mail server) or after it failed. */
  fallback: string;
}

/**
 * Sends a message by SMTP when a mail server is configured. Without one, or when sending fails, its
 * fallback line (which carries the link) is logged, so an administrator can still pass the link on.
 */
export function createMailer(options: MailerOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : undefined;
  return async (mail: AccountMail): Promise<void> => {
    if (!transport) {
      log(mail.fallback);
      return;
    }
    try {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
    } catch (error) {
      log(`${mail.fallback} (mail failed: ${(error as Error).message})`);
    }
  };
}
