import { handlesOf, type MentionDirectory, preferredHandle } from '@switchboard/api-client/contract';

/** Someone the composer offers after `@`: the handle it writes and what the list shows. */
export interface MentionCandidate {
  key: string;
  handle: string;
  label: string;
  kind: 'person' | 'agent';
}

/** The `@partial` being typed just before the caret, if any (the same start rule as mentions). */
export function activeMentionQuery(
  text: string,
  caret: number,
): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const match = /(^|[^\p{L}\p{N}._+@-])@([\p{L}\p{N}._-]*)$/u.exec(before);
  if (!match) return undefined;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Members and agents whose handle or name starts with what was typed, people first; at most `limit`. */
export function mentionCandidates(directory: MentionDirectory, query: string, limit = 8): MentionCandidate[] {
  const wanted = query.toLowerCase();
  const fits = (...words: string[]) => words.some((word) => word.toLowerCase().startsWith(wanted));
  const people = directory.people.flatMap((person): MentionCandidate[] => {
    const handle = preferredHandle(person, directory);
    if (!handle || !fits(...handlesOf(person), ...person.name.split(/\s+/u))) return [];
    return [{ key: `person:${person.id}`, handle, label: person.name, kind: 'person' }];
  });
  const agents = directory.agents.flatMap((agent): MentionCandidate[] =>
    fits(agent.name)
      ? [{ key: `agent:${agent.name}`, handle: agent.name, label: agent.name, kind: 'agent' }]
      : [],
  );
  return [...people, ...agents].slice(0, limit);
}

/** Replaces the `@partial` with the chosen handle and a space; answers the new text and caret. */
export function insertMention(
  text: string,
  typed: { start: number; query: string },
  handle: string,
): { text: string; caret: number } {
  const end = typed.start + typed.query.length + 1;
  const inserted = `@${handle} `;
  return {
    text: `${text.slice(0, typed.start)}${inserted}${text.slice(end)}`,
    caret: typed.start + inserted.length,
  };
}
