import { type MentionDirectory, mentionSpans, resolveHandle } from '@switchboard/api-client/contract';
import type { Nodes, PhrasingContent, Root, Text } from 'mdast';

/** How a mention chip looks; people and agents differ only in a data attribute. */
const CHIP_CLASS = 'rounded bg-accent/10 px-1 font-medium text-accent';

function chip(handle: string, kind: 'person' | 'agent', title: string): PhrasingContent {
  // A text node carrying hast data: remark-rehype renders it as this span, with no raw HTML involved.
  const node: Text = {
    type: 'text',
    value: `@${handle}`,
    data: {
      hName: 'span',
      hProperties: { className: [CHIP_CLASS], 'data-mention': kind, title },
      hChildren: [{ type: 'text', value: `@${handle}` }],
    },
  };
  return node;
}

function splitMentions(node: Text, directory: MentionDirectory): PhrasingContent[] {
  const parts: PhrasingContent[] = [];
  let from = 0;
  for (const span of mentionSpans(node.value)) {
    const target = resolveHandle(span.handle, directory);
    if (!target) continue;
    if (span.index > from) parts.push({ type: 'text', value: node.value.slice(from, span.index) });
    const title = target.type === 'person' ? target.person.name : `${target.name} (agent)`;
    parts.push(chip(span.handle, target.type, title));
    from = span.index + span.length;
  }
  if (from === 0) return [node];
  if (from < node.value.length) parts.push({ type: 'text', value: node.value.slice(from) });
  return parts;
}

/**
 * Shows `@handle`s that name a member or an agent as chips. Code is a different node type, so
 * nothing quoted as code becomes a chip; unknown and ambiguous handles stay plain text, as on the server.
 */
export function remarkMentionChips(directory: MentionDirectory) {
  const walk = (node: Nodes): void => {
    if (!('children' in node) || node.type === 'link') return;
    const children = node.children as Nodes[];
    const next = children.flatMap((child) =>
      child.type === 'text' && !child.data?.hName ? splitMentions(child, directory) : [child],
    );
    (node as { children: Nodes[] }).children = next;
    for (const child of next) walk(child);
  };
  return () => (tree: Root) => walk(tree);
}
