import {
  CST,
  type Document,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  parseDocument,
} from 'yaml';

/** What one YAML document may hold; each bounds the time its parsing takes. */
export interface YamlBounds {
  /** Mapping keys plus list items. */
  entries: number;
  /** How deeply mappings and lists nest. */
  depth: number;
  /** Aliases (`*name`). */
  aliases: number;
}

/** A problem at a character offset of the text; the caller names its line. */
export interface YamlBoundsProblem {
  offset: number;
  message: string;
}

export interface BoundedYaml {
  document: Document.Parsed;
  lineCounter: LineCounter;
  /** Syntax errors, duplicate keys and passed limits; the document is not to be used when any. */
  problems: YamlBoundsProblem[];
}

/**
 * Parses YAML people wrote, in time linear in its length. The text is first counted token by token
 * (the lexer, which stops at the first limit passed), so a document with tens of thousands of keys is
 * refused before it is parsed. Duplicate keys are found with a set per mapping: the yaml library's own
 * `uniqueKeys` compares every key with every other, which takes seconds on large mappings.
 */
export function parseBoundedYaml(
  text: string,
  bounds: YamlBounds,
  options: { fileName: string; schema?: 'failsafe' | 'core' },
): BoundedYaml {
  const lineCounter = new LineCounter();
  const counted = countProblem(text, bounds, options.fileName);
  if (counted) {
    // The line counter is filled by parsing; a refusal before it still names lines.
    lineCounter.addNewLine(0);
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1))
      lineCounter.addNewLine(index + 1);
    return { document: parseDocument(''), lineCounter, problems: [counted] };
  }
  const document = parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: false,
    ...(options.schema ? { schema: options.schema } : {}),
  });
  const problems: YamlBoundsProblem[] = document.errors.map((error) => ({
    offset: error.pos[0],
    message: error.message.split('\n')[0] ?? error.message,
  }));
  if (problems.length === 0) problems.push(...structureProblems(document, bounds, options.fileName));
  return { document, lineCounter, problems };
}

// The lexer's markers of a document, a scalar and a flow error are not text of the source.
const controlTokens = new Set([CST.DOCUMENT, CST.SCALAR, CST.FLOW_END]);
const entryTokens = new Set(['map-value-ind', 'explicit-key-ind', 'seq-item-ind', 'comma']);

function countProblem(text: string, bounds: YamlBounds, fileName: string): YamlBoundsProblem | undefined {
  let entries = 0;
  let aliases = 0;
  let flowDepth = 0;
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (type && entryTokens.has(type) && ++entries > bounds.entries) {
      return {
        offset,
        message: `${fileName} has more than ${bounds.entries.toLocaleString('en')} keys and list items; the limit is ${bounds.entries.toLocaleString('en')} per YAML document.`,
      };
    }
    if (type === 'alias' && ++aliases > bounds.aliases) {
      return {
        offset,
        message: `${fileName} uses more than ${bounds.aliases} aliases; the limit is ${bounds.aliases} per YAML document.`,
      };
    }
    if (type === 'flow-map-start' || type === 'flow-seq-start') {
      if (++flowDepth > bounds.depth) return depthProblem(offset, bounds, fileName);
    } else if (type === 'flow-map-end' || type === 'flow-seq-end') flowDepth--;
    if (!controlTokens.has(token)) offset += token.length;
  }
  return undefined;
}

function depthProblem(offset: number, bounds: YamlBounds, fileName: string): YamlBoundsProblem {
  return {
    offset,
    message: `${fileName} nests mappings and lists more than ${bounds.depth} deep; the limit is ${bounds.depth}.`,
  };
}

/** Nesting deeper than the limit and keys written twice in one mapping, walked without recursion. */
function structureProblems(
  document: Document.Parsed,
  bounds: YamlBounds,
  fileName: string,
): YamlBoundsProblem[] {
  const problems: YamlBoundsProblem[] = [];
  const stack: { node: unknown; depth: number }[] = [{ node: document.contents, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (isMap(node) || isSeq(node)) {
      const offset = node.range?.[0] ?? 0;
      if (depth + 1 > bounds.depth) {
        problems.push(depthProblem(offset, bounds, fileName));
        break;
      }
      const keys = new Set<string>();
      for (const item of node.items) {
        if (isPair(item)) {
          const key = isScalar(item.key) ? String(item.key.value) : undefined;
          if (key !== undefined) {
            if (keys.has(key)) {
              const at = isNode(item.key) ? (item.key.range?.[0] ?? offset) : offset;
              problems.push({ offset: at, message: `Map keys must be unique; "${key}" is repeated` });
            }
            keys.add(key);
          }
          stack.push({ node: item.value, depth: depth + 1 });
        } else stack.push({ node: item, depth: depth + 1 });
      }
    }
  }
  return problems;
}
