import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers, blank line, body (transfer encoding untouched). */
  data: string;
  /** The message with quoted-printable soft breaks and escapes undone, for searching its text. */
  text: string;
}

export interface FakeSmtpOptions {
  /** Answer every RCPT TO with this permanent failure instead of accepting (e.g. a full mailbox). */
  rejectRecipients?: boolean;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

function decodeQuotedPrintable(data: string): string {
  return data
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const address = (argument: string) => argument.replace(/^[^:]*:\s*/, '').replace(/^<|>.*$/g, '');

/**
 * A tiny SMTP server on 127.0.0.1 (RFC 5321's plain dialogue, no TLS, no auth): enough for nodemailer
 * to deliver to, so tests read the mail the server really sent.
 */
export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const messages: ReceivedMail[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[]; lines: string[] } = { from: '', to: [], lines: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        reply('250-fake-smtp');
        reply('250-8BITMIME');
        reply('250 SMTPUTF8');
      } else if (verb === 'HELO') reply('250 fake-smtp');
      else if (verb === 'MAIL') {
        envelope = { from: address(line), to: [], lines: [] };
        reply('250 2.1.0 OK');
      } else if (verb === 'RCPT') {
        if (options.rejectRecipients) reply('550 5.1.1 Mailbox unavailable');
        else {
          envelope.to.push(address(line));
          reply('250 2.1.5 OK');
        }
      } else if (verb === 'DATA') {
        inData = true;
        reply('354 End data with <CR><LF>.<CR><LF>');
      } else if (verb === 'RSET') {
        envelope = { from: '', to: [], lines: [] };
        reply('250 2.0.0 OK');
      } else if (verb === 'NOOP') reply('250 2.0.0 OK');
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye');
        socket.end();
      } else reply('502 5.5.2 Command unrecognised by this test server');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const data = envelope.lines.join('\r\n');
            messages.push({ from: envelope.from, to: envelope.to, data, text: decodeQuotedPrintable(data) });
            reply('250 2.0.0 Queued');
          } else envelope.lines.push(line.startsWith('..') ? line.slice(1) : line);
        } else command(line);
        end = buffer.indexOf('\r\n');
      }
    });
    reply('220 fake-smtp ESMTP ready');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const POLL_INTERVAL_MS = 20;

/**
 * The first mail the fake server received that `wanted` accepts, waiting for it: notification mail goes
 * out after its change committed, so it can arrive after the request answered.
 */
export async function waitForMail(
  smtp: FakeSmtp,
  wanted: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.messages.find(wanted);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no matching mail within ${timeoutMs} ms; received: ${JSON.stringify(smtp.messages.map((mail) => mail.to))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The mails the fake server received for one address, oldest first. */
export function mailsTo(smtp: FakeSmtp, address: string): ReceivedMail[] {
  return smtp.messages.filter((mail) => mail.to.includes(address));
}

/** The first link in a mail's text whose path contains `pathPart`; throws, quoting the mail, when none does. */
export function linkIn(mail: ReceivedMail, pathPart: string): string {
  const links = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const link = links.find((candidate) => new URL(candidate).pathname.includes(pathPart));
  if (!link)
    throw new Error(`no link with "${pathPart}" in the mail to ${mail.to.join(', ')}:\n${mail.text}`);
  return link;
}

/** The bytes of a Q-encoded word (RFC 2047: `_` is a space, `=XX` a byte). */
const qBytes = (text: string) =>
  Buffer.from(
    text
      .replace(/_/g, ' ')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

/** A header's `=?charset?Q|B?…?=` words decoded; the space between two such words is not part of the text. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_match, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : qBytes(text)).toString('utf8'),
    );
}

/**
 * A header of a received mail as its reader sees it: folded lines joined again and encoded words
 * decoded (nodemailer encodes a long subject with quotes in it); undefined when the mail has none.
 */
export function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.data.split(/\r\n\r\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const wanted = `${name.toLowerCase()}:`;
  const line = unfolded.split('\r\n').find((candidate) => candidate.toLowerCase().startsWith(wanted));
  return line === undefined ? undefined : decodeEncodedWords(line.slice(wanted.length).trim());
}
