import { addedLines } from './checks/diff.js';
import { moduleReferences } from './checks/imports.js';
import { lineLocator } from './checks/lines.js';
import { specifierMatches } from './checks/module-patterns.js';
import { inProcessRegexRunner, type RegexRunner } from './checks/regex-runner.js';
import { ArchitectureError, isArchitectureError } from './errors.js';
import { findRule, type ResolvedItem } from './find-rule.js';
import { formatBytes, limits, utf8Length } from './limits.js';
import { normaliseRepoPath } from './paths.js';
import type {
  Finding,
  ReviewInput,
  ReviewResult,
  RuleCheck,
  RuleSetContent,
  SelfCheckRule,
} from './types.js';

export interface ReviewOptions {
  /** Runs the rules' regexes; @default in this thread, without a time limit */
  regexRunner?: RegexRunner;
}

/** Findings of one check are capped so one noisy rule cannot bury the others. */
const findingsPerCheck = 10;

/**
 * Reviews one file against the rule that applies to it: items with a `check` are run here and give
 * findings; items without one are handed back as `rules_to_self_check` for the agent to judge.
 * `fix_required` is true when any finding is HIGH.
 */
export async function reviewFile(
  content: Pick<RuleSetContent, 'rules'> & Partial<RuleSetContent>,
  input: ReviewInput,
  options: ReviewOptions = {},
): Promise<ReviewResult> {
  const filePath = normaliseRepoPath(input.filePath);
  refuseOversize('The file', input.source);
  if (input.diff !== undefined) refuseOversize('The diff', input.diff);
  const rule = findRule(content, filePath);
  if (!rule) return { fix_required: false, identified_issues: [], rules_to_self_check: [] };

  const context: CheckContext = {
    source: input.source,
    lines: lineLocator(input.source),
    added: input.diff === undefined ? undefined : addedLines(input.diff, filePath),
    regexRunner: options.regexRunner ?? inProcessRegexRunner,
    modules: undefined,
  };
  const findings: Finding[] = [];
  const selfCheck: SelfCheckRule[] = [];
  for (const resolved of rule.items) {
    const check = resolved.item.check;
    if (!check) {
      selfCheck.push(selfCheckEntry(resolved));
      continue;
    }
    findings.push(...(await runCheck(resolved, check, context)));
  }
  return {
    fix_required: findings.some((finding) => finding.severity === 'HIGH'),
    identified_issues: findings,
    rules_to_self_check: selfCheck,
  };
}

interface CheckContext {
  source: string;
  lines: ReturnType<typeof lineLocator>;
  /** Lines the diff adds; undefined when the whole file is under review. */
  added: Set<number> | undefined;
  regexRunner: RegexRunner;
  /** Read once per file, on the first import check. */
  modules: Awaited<ReturnType<typeof moduleReferences>> | undefined;
}

async function runCheck(resolved: ResolvedItem, check: RuleCheck, context: CheckContext): Promise<Finding[]> {
  const findings: Finding[] = [];
  const finding = (violation: string, line?: number): Finding => {
    const result: Finding = {
      type: resolved.type,
      severity: resolved.severity,
      rule: resolved.item.rule,
      pattern: resolved.pattern,
      violation,
    };
    if (line !== undefined) result.line = line;
    const suggestion = resolved.item.example ?? resolved.item.codeExample;
    if (suggestion !== undefined) result.suggestion = suggestion;
    return result;
  };
  const inScope = (line: number) => context.added === undefined || context.added.has(line);

  try {
    if (check.forbid !== undefined) {
      const offsets = await context.regexRunner.find(check.forbid, context.source, 10_000);
      const lines = [...new Set(offsets.map((offset) => context.lines.lineAt(offset)))].filter(inScope);
      for (const line of lines.slice(0, findingsPerCheck)) {
        findings.push(
          finding(
            `Line ${line} matches the forbidden pattern /${check.forbid}/: ${quoteLine(context, line)}`,
            line,
          ),
        );
      }
      noteOmitted(findings, lines.length);
    }
    if (check.require !== undefined) {
      const offsets = await context.regexRunner.find(check.require, context.source, 1);
      if (offsets.length === 0)
        findings.push(finding(`Nothing in the file matches the required pattern /${check.require}/.`));
    }
  } catch (error) {
    if (!(isArchitectureError(error) && error.code === 'CHECK_TIMED_OUT')) throw error;
    // A rule whose regex cannot finish in time is the rule's fault, but the file is not shown to
    // follow it either: the finding says so and keeps the item's weight.
    findings.push(finding(error.message));
  }

  if (check.forbidImport !== undefined) {
    context.modules ??= await moduleReferences(context.source);
    const hits: Finding[] = [];
    for (const reference of context.modules) {
      const line = context.lines.lineAt(reference.offset);
      if (!inScope(line)) continue;
      const pattern = check.forbidImport.find((candidate) =>
        specifierMatches(candidate, reference.specifier),
      );
      if (pattern === undefined) continue;
      const how = reference.typeOnly ? `type-only ${reference.kind}` : reference.kind;
      hits.push(
        finding(
          `Line ${line}: ${how} of "${reference.specifier}", which the module pattern "${pattern}" forbids.`,
          line,
        ),
      );
    }
    findings.push(...hits.slice(0, findingsPerCheck));
    noteOmitted(findings, hits.length);
  }
  return findings;
}

function noteOmitted(findings: Finding[], total: number): void {
  const last = findings.at(-1);
  if (last && total > findingsPerCheck) last.violation += ` (${total - findingsPerCheck} more not listed)`;
}

function quoteLine(context: CheckContext, line: number): string {
  const text = context.lines.lineText(line).trim();
  return `"${text.length > 120 ? `${text.slice(0, 117)}...` : text}"`;
}

function selfCheckEntry(resolved: ResolvedItem): SelfCheckRule {
  const entry: SelfCheckRule = {
    pattern: resolved.pattern,
    type: resolved.type,
    rule: resolved.item.rule,
    severity: resolved.severity,
  };
  const example = resolved.item.codeExample ?? resolved.item.example;
  if (example !== undefined) entry.codeExample = example;
  return entry;
}

function refuseOversize(what: string, text: string): void {
  const size = utf8Length(text);
  if (size > limits.sourceBytes) {
    throw new ArchitectureError(
      'CONTENT_TOO_LARGE',
      `${what} is larger than ${formatBytes(limits.sourceBytes)}; architecture review reads files up to that size.`,
    );
  }
}
