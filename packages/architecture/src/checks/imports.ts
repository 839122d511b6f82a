import { init, parse } from 'es-module-lexer';
import { type Token, tokenize } from './tokens.js';

export interface ModuleReference {
  specifier: string;
  /** Offset of the specifier in the source. */
  offset: number;
  kind: 'import' | 'dynamic import' | 'export from' | 'require';
  typeOnly: boolean;
}

/**
 * Every module a file names: static and dynamic imports and re-exports through es-module-lexer (which
 * lexes TypeScript's type syntax), `require('x')` calls through a tokenizer that skips comments,
 * strings and templates. When es-module-lexer cannot lex the file (JSX text, say), the tokenizer finds
 * the imports too. Type-only imports count: a boundary rule is about what a file depends on, and a
 * type import is a dependency of the source even when the compiled code drops it.
 */
export async function moduleReferences(source: string): Promise<ModuleReference[]> {
  const tokens = tokenize(source);
  const fromLexer = await lexImports(source);
  const references = fromLexer ?? importsFromTokens(tokens);
  // The lexer reports `import x = require('m')` itself, at the specifier's first character (the
  // tokenizer's offset is the quote before it).
  const known = new Set(references.map((reference) => reference.offset));
  references.push(
    ...requireCalls(tokens).filter((call) => !known.has(call.offset + 1) && !known.has(call.offset)),
  );
  return references.sort((a, b) => a.offset - b.offset);
}

async function lexImports(source: string): Promise<ModuleReference[] | undefined> {
  await init();
  let imports: ReturnType<typeof parse>[0];
  let exports: ReturnType<typeof parse>[1];
  try {
    [imports, exports] = parse(source);
  } catch {
    return undefined;
  }
  const reexportStarts = new Set(
    exports.flatMap((entry) => (entry.type === 'direct' ? [] : [imports[entry.importIndex]?.start ?? -1])),
  );
  const references: ModuleReference[] = [];
  for (const entry of imports) {
    if (entry.type === 'import-meta') continue;
    if (entry.type === 'dynamic') {
      if (entry.specifier === undefined) continue;
      references.push({
        specifier: entry.specifier,
        offset: entry.start,
        kind: 'dynamic import',
        typeOnly: entry.probablyTypeOnly,
      });
      continue;
    }
    const isReexport = entry.type === 'reexport-star' || reexportStarts.has(entry.start);
    references.push({
      specifier: entry.specifier,
      offset: entry.start,
      kind: isReexport ? 'export from' : 'import',
      typeOnly: entry.typeOnly,
    });
  }
  return references;
}

function requireCalls(tokens: Token[]): ModuleReference[] {
  const references: ModuleReference[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'name' || token.value !== 'require') return;
    const before = tokens[index - 1];
    if (before?.kind === 'punct' && before.value === '.') return;
    const open = tokens[index + 1];
    const argument = tokens[index + 2];
    if (open?.kind === 'punct' && open.value === '(' && argument?.kind === 'string') {
      references.push({
        specifier: argument.value,
        offset: argument.start,
        kind: 'require',
        typeOnly: false,
      });
    }
  });
  return references;
}

/** The tokenizer's reading of import and export statements, used only when the lexer gave up. */
function importsFromTokens(tokens: Token[]): ModuleReference[] {
  const references: ModuleReference[] = [];
  let statement: 'import' | 'export' | undefined;
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    if (token.kind === 'punct' && token.value === ';') statement = undefined;
    if (token.kind !== 'name') return;
    const before = tokens[index - 1];
    const afterDot = before?.kind === 'punct' && before.value === '.';
    if ((token.value === 'import' || token.value === 'export') && !afterDot) {
      if (token.value === 'import' && next?.kind === 'punct' && next.value === '(') {
        const argument = tokens[index + 2];
        if (argument?.kind === 'string') {
          references.push({
            specifier: argument.value,
            offset: argument.start,
            kind: 'dynamic import',
            typeOnly: false,
          });
        }
        return;
      }
      if (token.value === 'import' && next?.kind === 'string') {
        references.push({ specifier: next.value, offset: next.start, kind: 'import', typeOnly: false });
        return;
      }
      statement = token.value;
      return;
    }
    if (token.value === 'from' && statement && next?.kind === 'string') {
      references.push({
        specifier: next.value,
        offset: next.start,
        kind: statement === 'import' ? 'import' : 'export from',
        typeOnly: false,
      });
      statement = undefined;
    }
  });
  return references;
}
