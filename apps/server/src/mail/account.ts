import type { EmailChangeMessage, PasswordResetMessage } from '@switchboard/auth/server';
import { createMailer, type MailerOptions } from './mailer';

export interface AccountMailOptions extends MailerOptions {
  brandName: string;
}

/** Password reset links: "[password-reset] <email>: <link>" in the log without a mail server. */
export function createPasswordResetSender(options: AccountMailOptions) {
  const send = createMailer(options);
  return (message: PasswordResetMessage) =>
    send({
      to: message.email,
      subject: `Reset your ${options.brandName} password`,
      text: [
        `Hello ${message.name},`,
        '',
        `Someone (we hope you) asked to reset the password of your ${options.brandName} account.`,
        `Choose a new password within the hour: ${message.link}`,
        '',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
      fallback: `[password-reset] ${message.email}: ${message.link}`,
    });
}

/**
 * The links of an e-mail change: to the new address to verify it ("[email-change] <new address>:
 * <link>" in the log), or first to the current, verified address to confirm the change
 * ("[email-change] <current address> confirms <new address>: <link>").
 */
export function createEmailChangeSender(options: AccountMailOptions) {
  const send = createMailer(options);
  return (message: EmailChangeMessage) =>
    message.kind === 'verify-new'
      ? send({
          to: message.to,
          subject: `Confirm your new ${options.brandName} email address`,
          text: [
            `Hello ${message.name},`,
            '',
            `Follow this link to make ${message.newEmail} the address of your ${options.brandName} account:`,
            message.link,
            '',
            'If you did not ask for this, ignore this message: nothing changes.',
          ].join('\n'),
          fallback: `[email-change] ${message.to}: ${message.link}`,
        })
      : send({
          to: message.to,
          subject: `Confirm the change of your ${options.brandName} email address`,
          text: [
            `Hello ${message.name},`,
            '',
            `Someone (we hope you) asked to change the address of your ${options.brandName} account to ${message.newEmail}.`,
            `Confirm it here; we then send a last link to the new address: ${message.link}`,
            '',
            'If you did not ask for this, ignore this message and change your password.',
          ].join('\n'),
          fallback: `[email-change] ${message.to} confirms ${message.newEmail}: ${message.link}`,
        });
}
