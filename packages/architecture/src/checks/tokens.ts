/**
 * A small JavaScript/TypeScript tokenizer: enough to find `require('x')` calls (which es-module-lexer
 * does not report) and, when es-module-lexer cannot lex a file, its imports — without ever reading a
 * specifier out of a comment, a string or a template's text.
 */
export type Token =
  | { kind: 'name'; value: string; start: number }
  | { kind: 'string'; value: string; start: number }
  | { kind: 'punct'; value: string; start: number }
  | { kind: 'other'; start: number };

// After these tokens a `/` starts a regex literal rather than a division.
const keywordsBeforeExpression = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // Open template literals: each entry counts the braces opened inside the current `${`.
  const templateDepth: number[] = [];
  let index = 0;
  const length = source.length;

  const regexAllowed = () => {
    const previous = tokens.at(-1);
    if (!previous) return true;
    if (previous.kind === 'name') return keywordsBeforeExpression.has(previous.value);
    if (previous.kind === 'punct')
      return !(previous.value === ')' || previous.value === ']' || previous.value === '}');
    return false;
  };

  const skipTemplateText = () => {
    // Inside a template's text: runs to the closing backtick or to a `${`.
    while (index < length) {
      const char = source[index];
      if (char === '\\') index += 2;
      else if (char === '`') {
        index++;
        return;
      } else if (char === '$' && source[index + 1] === '{') {
        index += 2;
        templateDepth.push(0);
        return;
      } else index++;
    }
  };

  while (index < length) {
    const char = source[index] as string;
    const start = index;
    if (/\s/.test(char)) {
      index++;
    } else if (char === '/' && source[index + 1] === '/') {
      const end = source.indexOf('\n', index);
      index = end === -1 ? length : end;
    } else if (char === '/' && source[index + 1] === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? length : end + 2;
    } else if (char === '"' || char === "'") {
      let value = '';
      index++;
      while (index < length && source[index] !== char && source[index] !== '\n') {
        if (source[index] === '\\') {
          value += source[index + 1] ?? '';
          index += 2;
        } else value += source[index++];
      }
      index++;
      tokens.push({ kind: 'string', value, start });
    } else if (char === '`') {
      index++;
      skipTemplateText();
      tokens.push({ kind: 'other', start });
    } else if (char === '}' && templateDepth.length > 0 && templateDepth.at(-1) === 0) {
      templateDepth.pop();
      index++;
      skipTemplateText();
      tokens.push({ kind: 'other', start });
    } else if (char === '/' && regexAllowed()) {
      index++;
      let inClass = false;
      while (index < length && source[index] !== '\n') {
        const current = source[index];
        if (current === '\\') index++;
        else if (current === '[') inClass = true;
        else if (current === ']') inClass = false;
        else if (current === '/' && !inClass) break;
        index++;
      }
      index++;
      while (index < length && /[a-z]/i.test(source[index] as string)) index++;
      tokens.push({ kind: 'other', start });
    } else if (/[A-Za-z_$]/.test(char)) {
      while (index < length && /[\w$]/.test(source[index] as string)) index++;
      tokens.push({ kind: 'name', value: source.slice(start, index), start });
    } else if (/[0-9]/.test(char)) {
      while (index < length && /[\w.]/.test(source[index] as string)) index++;
      tokens.push({ kind: 'other', start });
    } else {
      if (templateDepth.length > 0) {
        const depth = templateDepth.length - 1;
        if (char === '{') templateDepth[depth] = (templateDepth[depth] ?? 0) + 1;
        else if (char === '}') templateDepth[depth] = (templateDepth[depth] ?? 1) - 1;
      }
      index++;
      tokens.push({ kind: 'punct', value: char, start });
    }
  }
  return tokens;
}
