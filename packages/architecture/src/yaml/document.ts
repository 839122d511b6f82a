import { YAML_LIMITS } from '@switchboard/api-client/contract';
import { parseBoundedYaml } from '@switchboard/sandbox/yaml';
import { type Document, isNode } from 'yaml';
import type { z } from 'zod';
import { formatBytes, limits, utf8Length } from '../limits.js';
import type { ParseResult, YamlError } from '../types.js';

/** A parsed YAML document and the means to name the line of any of its nodes. */
export interface LocatedDocument {
  document: Document.Parsed;
  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; column: number };
  /** 1-based line and column of the node at `path`, or of its nearest present ancestor. */
  positionOf(path: readonly PropertyKey[]): { line: number; column: number };
}

/**
 * Parses YAML text, refusing oversize text, documents past the YAML limits (counted before parsing)
 * and keys written twice, and reporting every error with its line, so an editor can underline it.
 */
export function readYaml(text: string, fileName: string): ParseResult<LocatedDocument> {
  const size = utf8Length(text);
  if (size > limits.yamlBytes) {
    return failure([
      {
        line: 1,
        message: `${fileName} is ${formatBytes(Math.ceil(size / 1024) * 1024)}; the limit is ${formatBytes(limits.yamlBytes)}.`,
      },
    ]);
  }
  // Every value of these formats is text, and the failsafe schema keeps it as written: `version: 1.0`
  // stays "1.0" and `rule: yes` stays "yes" instead of turning into a number or a boolean.
  const { document, lineCounter, problems } = parseBoundedYaml(text, YAML_LIMITS, {
    fileName,
    schema: 'failsafe',
  });
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (problems.length > 0) {
    return failure(
      problems.map((problem) => ({ ...position(problem.offset), message: firstLine(problem.message) })),
    );
  }
  const positionOf = (path: readonly PropertyKey[]) => {
    for (let length = path.length; length > 0; length--) {
      const node = document.getIn(path.slice(0, length) as unknown[], true);
      if (isNode(node) && node.range) return position(node.range[0]);
    }
    const root = document.contents;
    return isNode(root) && root.range ? position(root.range[0]) : { line: 1, column: 1 };
  };
  return { ok: true, value: { document, position, positionOf } };
}

/**
 * Validates a document's plain value with a schema and turns each issue into an error on the line of
 * the offending node (or of the mapping that lacks a required key).
 */
export function validateYaml<T>(located: LocatedDocument, schema: z.ZodType<T>): ParseResult<T> {
  let plain: unknown;
  try {
    plain = located.document.toJS({ maxAliasCount: YAML_LIMITS.aliases });
  } catch (error) {
    // Alias bombs and similar are refused by the yaml library while building the value.
    return failure([{ line: 1, message: error instanceof Error ? firstLine(error.message) : String(error) }]);
  }
  const parsed = schema.safeParse(plain ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors = parsed.error.issues.map((issue): YamlError => {
    const path = issue.path;
    const present = path.length === 0 || located.document.hasIn(path as unknown[]);
    const key = path.at(-1);
    const parent = path.at(-2);
    const message =
      typeof key === 'number' && typeof parent === 'string'
        ? `"${parent}" item ${key + 1}: ${issue.message}`
        : typeof key !== 'string'
          ? issue.message
          : present
            ? `"${key}": ${issue.message}`
            : `"${key}" is missing.`;
    return { ...located.positionOf(path), message };
  });
  return failure(sortByLine(errors));
}

/** A file read and validated, with its document kept so later checks can name their lines too. */
export interface ValidatedYaml<T> {
  result: ParseResult<T>;
  located?: LocatedDocument;
}

export function readAndValidate<T>(text: string, fileName: string, schema: z.ZodType<T>): ValidatedYaml<T> {
  const read = readYaml(text, fileName);
  if (!read.ok) return { result: read };
  return { result: validateYaml(read.value, schema), located: read.value };
}

export function failure<T>(errors: YamlError[]): ParseResult<T> {
  return { ok: false, errors };
}

function sortByLine(errors: YamlError[]): YamlError[] {
  return [...errors].sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
}

function firstLine(message: string): string {
  return message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? message;
}
