import { createTransport } from 'nodemailer';
import type { Database } from '../db/client';
import { type CreatedNotification, type NotificationMailer, recipientsOf } from '../domain/notifications';

export interface NotificationMailOptions {
  /** smtp:// or smtps:// URL of the mail server. */
  smtpUrl: string;
  from: string;
  appUrl: string;
  brandName: string;
  log?: (line: string) => void;
}

/** Only what waits on the reader goes out by mail; the rest stays in the inbox. */
const MAILED_KINDS = new Set(['input_requested', 'mentioned']);

/** The task's page, where the question or the comment is. */
export function taskLink(appUrl: string, projectId: string, taskKey: string): string {
  const path = `/dashboard/projects/${encodeURIComponent(projectId)}/tasks/${encodeURIComponent(taskKey)}`;
  return new URL(path, appUrl).toString();
}

/**
 * Mails people about an agent's question or a mention, with a link to the task. A failure is logged
 * and goes no further: the notification is already in the inbox.
 */
export function createNotificationMailer(options: NotificationMailOptions): NotificationMailer {
  const log = options.log ?? ((line: string) => console.error(line));
  const transport = createTransport(options.smtpUrl);
  return async (db: Database, created: CreatedNotification[]) => {
    const mailed = created.filter((entry) => MAILED_KINDS.has(entry.row.kind));
    if (mailed.length === 0) return;
    const people = await recipientsOf(db, [...new Set(mailed.map((entry) => entry.row.recipientId))]);
    await Promise.all(
      mailed.map(async ({ row, taskKey }) => {
        const person = people.get(row.recipientId);
        if (!person) return;
        const link = taskLink(options.appUrl, row.projectId ?? '', taskKey);
        try {
          await transport.sendMail({
            from: options.from,
            to: person.email,
            subject: `[${options.brandName}] ${row.title}`,
            text: [row.title, '', row.summary, '', `Open ${taskKey}: ${link}`].join('\n'),
          });
        } catch (error) {
          log(
            `[notifications] mail to ${person.email} failed (${(error as Error).message}); it stays in the inbox`,
          );
        }
      }),
    );
  };
}
