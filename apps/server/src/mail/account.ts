import type { EmailChangeMessage, PasswordResetMessage, SignInAttackNotice } from '@switchboard/auth/server';
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

/**
 * Tells an account's owner that someone keeps failing to sign in as them ("[sign-in-attack] <email>:
 * <failures> failed sign-ins" in the log without a mail server). Sent at most once a day per account.
 */
export function createSignInAttackSender(options: AccountMailOptions & { appUrl: string }) {
  const send = createMailer(options);
  const resetLink = new URL('/auth/forgot-password', options.appUrl).toString();
  return (notice: SignInAttackNotice) =>
    send({
      to: notice.email,
      subject: `Someone is trying to sign in to your ${options.brandName} account`,
      text: [
        `Hello ${notice.name},`,
        '',
        `There have been ${notice.failures} failed attempts in a row to sign in to your ${options.brandName} account with a wrong password${notice.address ? `, the last from ${notice.address}` : ''}.`,
        'Further attempts from other places now have to wait longer and longer. You can still sign in as usual',
        'from a browser you have signed in with before.',
        '',
        `If these were not you, nothing has been let in, but consider a stronger password: ${resetLink}`,
        'and turning on two-factor sign-in under Account.',
      ].join('\n'),
      fallback: `[sign-in-attack] ${notice.email}: ${notice.failures} failed sign-ins`,
    });
}
