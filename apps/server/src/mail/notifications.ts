import type { Database } from '../db/client';
import type { CreatedNotification, NotificationMailer } from '../domain/people/notification-mailer';
import { recipientsOf } from '../domain/people/notifications';
import { createMailer } from './mailer';

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

/** The project's plan view with this plan open, where its conversation is. */
export function planLink(appUrl: string, projectId: string, planId: string): string {
  const url = new URL(`/dashboard/projects/${encodeURIComponent(projectId)}`, appUrl);
  url.searchParams.set('view', 'plan');
  url.searchParams.set('plan', planId);
  return url.toString();
}

/** Where a mail sends its reader, in words and as a link: the plan or the task the entry is about. */
function destinationOf(appUrl: string, { row, taskKey }: CreatedNotification) {
  const projectId = row.projectId ?? '';
  if (row.planId) return { label: 'Open the plan', link: planLink(appUrl, projectId, row.planId) };
  if (taskKey) return { label: `Open ${taskKey}`, link: taskLink(appUrl, projectId, taskKey) };
  return undefined;
}

/**
 * Mails people about an agent's question or a mention, with a link to the task or the plan. A failure
 * is logged and goes no further: the notification is already in the inbox.
 */
export function createNotificationMailer(options: NotificationMailOptions): NotificationMailer {
  const send = createMailer({ ...options, log: options.log ?? ((line) => console.error(line)) });
  return async (db: Database, created: CreatedNotification[]) => {
    const mailed = created.filter((entry) => MAILED_KINDS.has(entry.row.kind));
    if (mailed.length === 0) return;
    const people = await recipientsOf(db, [...new Set(mailed.map((entry) => entry.row.recipientId))]);
    await Promise.all(
      mailed.map(async (entry) => {
        const person = people.get(entry.row.recipientId);
        const destination = destinationOf(options.appUrl, entry);
        if (!person || !destination) return;
        await send({
          to: person.email,
          subject: `[${options.brandName}] ${entry.row.title}`,
          text: [
            entry.row.title,
            '',
            entry.row.summary,
            '',
            `${destination.label}: ${destination.link}`,
          ].join('\n'),
          fallback: `[notifications] ${person.email}: ${entry.row.title}`,
          failed: (reason) =>
            `[notifications] mail to ${person.email} failed (${reason}); it stays in the inbox`,
        });
      }),
    );
  };
}
