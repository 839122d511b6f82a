/**
 * @mentions in comments. The one rule, shared by the server (who is notified) and the web (chips and
 * autocomplete):
 *
 * - A mention is `@` and a handle of letters, digits, `.`, `_` and `-`, at the start of the text or
 *   after a character that is not a letter, digit or one of `.`, `_`, `-`, `+`, `@` — so
 *   `ada@example.com` is an e-mail address, not a mention. A trailing `.`, `_` or `-` ends the sentence,
 *   not the handle. Handles are compared without regard to case.
 * - A person answers to two handles: the local part of their e-mail address (`@ada` for
 *   ada@example.com) and their display name with the spaces removed (`@AdaLovelace`), so names with
 *   spaces can be mentioned in one word. An agent profile answers to its name (`@backend-dev`).
 * - A handle that fits nobody, or more than one person or agent, is plain text: nobody is notified.
 * - Nothing inside code (`inline` or fenced blocks) is a mention.
 */

export interface MentionablePerson {
  id: string;
  name: string;
  email: string;
}

export interface MentionableAgent {
  name: string;
}

/** Who can be mentioned in an organization. */
export interface MentionDirectory {
  people: readonly MentionablePerson[];
  agents: readonly MentionableAgent[];
}

export type MentionTarget = { type: 'person'; person: MentionablePerson } | { type: 'agent'; name: string };

/** One `@handle` in a run of text: where it starts (the `@`), its length with the `@`, the handle. */
export interface MentionSpan {
  index: number;
  length: number;
  handle: string;
}

const HANDLE_CHARACTER = String.raw`[\p{L}\p{N}._-]`;
// The character before the `@` is captured (not looked behind) so the pattern works on any engine.
const MENTION_PATTERN = new RegExp(String.raw`(^|[^\p{L}\p{N}._+@-])@(${HANDLE_CHARACTER}+)`, 'gu');

/** The `@handle`s of a run of plain text (no markdown code in it), in order. */
export function mentionSpans(text: string): MentionSpan[] {
  const spans: MentionSpan[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const before = match[1] ?? '';
    const handle = (match[2] ?? '').replace(/[._-]+$/u, '');
    if (!handle) continue;
    spans.push({ index: (match.index ?? 0) + before.length, length: handle.length + 1, handle });
  }
  return spans;
}

/** Fenced blocks and inline code spans blanked out, so what is quoted as code mentions nobody. */
function withoutCode(markdown: string): string {
  const fenced = markdown.replace(
    /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))/gmu,
    ' ',
  );
  return fenced.replace(/(`+)[\s\S]*?\1/gu, ' ');
}

/** The distinct handles a markdown text mentions, lower-cased, in order of first appearance. */
export function mentionedHandles(markdown: string): string[] {
  const handles = mentionSpans(withoutCode(markdown)).map((span) => span.handle.toLowerCase());
  return [...new Set(handles)];
}

/** The handles a person answers to, lower-cased: e-mail local part, then the name without spaces. */
export function handlesOf(person: Pick<MentionablePerson, 'name' | 'email'>): string[] {
  const local = person.email.split('@')[0]?.toLowerCase() ?? '';
  const name = person.name.replace(/\s+/gu, '').toLowerCase();
  return [...new Set([local, name])].filter((handle) => /^[\p{L}\p{N}._-]+$/u.test(handle));
}

/** Who a handle names, when it names exactly one person or agent of the directory. */
export function resolveHandle(handle: string, directory: MentionDirectory): MentionTarget | undefined {
  const wanted = handle.toLowerCase();
  const people = directory.people.filter((person) => handlesOf(person).includes(wanted));
  const agents = directory.agents.filter((agent) => agent.name.toLowerCase() === wanted);
  if (people.length + agents.length !== 1) return undefined;
  const [person] = people;
  if (person) return { type: 'person', person };
  const [agent] = agents;
  return agent ? { type: 'agent', name: agent.name } : undefined;
}

/** Everyone a markdown text mentions unambiguously: people (by id) and agents (by name). */
export function resolveMentions(
  markdown: string,
  directory: MentionDirectory,
): { people: MentionablePerson[]; agents: string[] } {
  const people = new Map<string, MentionablePerson>();
  const agents = new Set<string>();
  for (const handle of mentionedHandles(markdown)) {
    const target = resolveHandle(handle, directory);
    if (target?.type === 'person') people.set(target.person.id, target.person);
    if (target?.type === 'agent') agents.add(target.name);
  }
  return { people: [...people.values()], agents: [...agents] };
}

/** The handle to write for a person: the first of theirs that names only them, if any does. */
export function preferredHandle(person: MentionablePerson, directory: MentionDirectory): string | undefined {
  return handlesOf(person).find((handle) => {
    const target = resolveHandle(handle, directory);
    return target?.type === 'person' && target.person.id === person.id;
  });
}
