import { REVIEW_TIME_BUDGET_MS } from '@switchboard/api-client/contract';
import { type ContentLines, readFileDiff } from './checks/diff.js';
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
  ItemRef,
  NotCheckedRule,
  ReviewInput,
  ReviewResult,
  RuleCheck,
  RuleSetContent,
  SelfCheckRule,
} from './types.js';

export interface ReviewOptions {
  /** Runs the rules' regexes; @default in this thread, without a time limit */
  regexRunner?: RegexRunner;
  /** The time all of the review's checks may take; @default REVIEW_TIME_BUDGET_MS of the contract */
  timeBudgetMs?: number;
}

/** Findings of one check are capped so one noisy rule cannot bury the others. */
const findingsPerCheck = 10;

type CheckKind = keyof RuleCheck;
const checkKinds: CheckKind[] = ['forbid', 'require', 'forbidImport'];

/**
 * Reviews one file against the rule that applies to it: items with a `check` are run here and give
 * findings; items without one are handed back as `rules_to_self_check` for the agent to judge, and so
 * are checks that time out, cannot run or are not reached within the time budget (`not_checked`):
 * a check that did not run shows nothing, neither a finding nor its absence. `fix_required` is true
 * when any finding is HIGH.
 */
export async function reviewFile(
  content: Pick<RuleSetContent, 'rules'> & Partial<RuleSetContent>,
  input: ReviewInput,
  options: ReviewOptions = {},
): Promise<ReviewResult> {
  const filePath = normaliseRepoPath(input.filePath);
  refuseOversize(input.source, input.diff);
  const lines = lineLocator(input.source);
  // Read before the rule, so a diff that cannot describe the file is refused whether or not a rule covers it.
  const added = diffScope(input.diff, filePath, lines);
  const rule = findRule(content, filePath);
  const result: ReviewResult = {
    fix_required: false,
    identified_issues: [],
    rules_to_self_check: [],
    not_checked: [],
    matched_outside_diff: [],
  };
  if (!rule) return result;

  const context: CheckContext = {
    source: input.source,
    lines,
    added,
    regexRunner: options.regexRunner ?? inProcessRegexRunner,
    modules: undefined,
  };
  const budget = timeBudget(options.timeBudgetMs ?? REVIEW_TIME_BUDGET_MS);
  for (const resolved of rule.items) {
    const check = resolved.item.check;
    if (!check) {
      result.rules_to_self_check.push(selfCheckEntry(resolved));
      continue;
    }
    for (const kind of checkKinds.filter((candidate) => check[candidate] !== undefined)) {
      const label = checkLabel(check, kind);
      if (budget.spent()) {
        result.not_checked.push(notCheckedEntry(resolved, label, budget.notReached));
        continue;
      }
      try {
        const outcome = await budget.within(runCheck(resolved, check, kind, label, context));
        result.identified_issues.push(...outcome.findings);
        if (outcome.outsideDiff && !result.matched_outside_diff.some((ref) => sameItem(ref, resolved)))
          result.matched_outside_diff.push(itemRef(resolved));
      } catch (error) {
        const reason = whyNotChecked(error);
        if (reason === undefined) throw error;
        result.not_checked.push(notCheckedEntry(resolved, label, reason));
      }
    }
  }
  result.fix_required = result.identified_issues.some((finding) => finding.severity === 'HIGH');
  return result;
}

/** Lines the diff adds, or undefined to check the whole file (no diff, or an empty one). */
function diffScope(diff: string | undefined, filePath: string, lines: ContentLines): Set<number> | undefined {
  if (diff === undefined || diff.trim() === '') return undefined;
  const reading = readFileDiff(diff, filePath, lines);
  if (!reading.ok)
    throw new ArchitectureError('DIFF_INVALID', `The diff cannot be used: ${reading.problem}.`);
  return reading.added;
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

interface CheckOutcome {
  findings: Finding[];
  /** The check matches lines the diff does not add. */
  outsideDiff: boolean;
}

/** The check's words in findings and in `not_checked`, e.g. `forbid /console\.log/`. */
function checkLabel(check: RuleCheck, kind: CheckKind): string {
  if (kind === 'forbidImport') return `forbidImport ${(check.forbidImport ?? []).join(', ')}`;
  return `${kind} /${check[kind]}/`;
}

async function runCheck(
  resolved: ResolvedItem,
  check: RuleCheck,
  kind: CheckKind,
  label: string,
  context: CheckContext,
): Promise<CheckOutcome> {
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
    result.check = label;
    return result;
  };
  const inScope = (line: number) => context.added === undefined || context.added.has(line);

  if (kind === 'require') {
    const offsets = await context.regexRunner.find(check.require ?? '', context.source, 1);
    return {
      findings:
        offsets.length === 0
          ? [finding(`Nothing in the file matches the required pattern /${check.require}/.`)]
          : [],
      outsideDiff: false,
    };
  }
  if (kind === 'forbid') {
    const offsets = await context.regexRunner.find(check.forbid ?? '', context.source, 10_000);
    const matched = [...new Set(offsets.map((offset) => context.lines.lineAt(offset)))];
    const lines = matched.filter(inScope);
    const findings = lines
      .slice(0, findingsPerCheck)
      .map((line) =>
        finding(
          `Line ${line} matches the forbidden pattern /${check.forbid}/: ${quoteLine(context, line)}`,
          line,
        ),
      );
    noteOmitted(findings, lines.length);
    return { findings, outsideDiff: matched.length > lines.length };
  }

  context.modules ??= await moduleReferences(context.source);
  const hits: Finding[] = [];
  let outsideDiff = false;
  for (const reference of context.modules) {
    const pattern = check.forbidImport?.find((candidate) => specifierMatches(candidate, reference.specifier));
    if (pattern === undefined) continue;
    const line = context.lines.lineAt(reference.offset);
    if (!inScope(line)) {
      outsideDiff = true;
      continue;
    }
    const how = reference.typeOnly ? `type-only ${reference.kind}` : reference.kind;
    hits.push(
      finding(
        `Line ${line}: ${how} of "${reference.specifier}", which the module pattern "${pattern}" forbids.`,
        line,
      ),
    );
  }
  const findings = hits.slice(0, findingsPerCheck);
  noteOmitted(findings, hits.length);
  return { findings, outsideDiff };
}

/** Why a check did not run to its end, or undefined when the failure is not the check's. */
function whyNotChecked(error: unknown): string | undefined {
  if (isArchitectureError(error) && (error.code === 'CHECK_TIMED_OUT' || error.code === 'CHECK_FAILED'))
    return error.message;
  // The in-process runner compiles the regex itself; the rule set's save normally refuses such a one.
  if (error instanceof SyntaxError) return `Its regex cannot run: ${error.message}`;
  return undefined;
}

/** The review's clock: whether its budget is spent, and a race of one check against what is left. */
function timeBudget(totalMs: number) {
  const deadline = performance.now() + totalMs;
  const words = `the review's time budget of ${totalMs / 1000} s`;
  // Timers may fire a fraction of a millisecond before the clock reads the deadline: once one has
  // stopped a check for the budget, the budget is spent whatever the clock says.
  let overran = false;
  return {
    notReached: `Not reached within ${words}; judge this rule yourself`,
    spent: () => overran || performance.now() >= deadline,
    async within<T>(check: Promise<T>): Promise<T> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const overrun = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => {
            overran = true;
            reject(
              new ArchitectureError(
                'CHECK_TIMED_OUT',
                `Did not finish within ${words}; judge this rule yourself`,
              ),
            );
          },
          Math.max(0, deadline - performance.now()),
        );
      });
      try {
        return await Promise.race([check, overrun]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function itemRef(resolved: ResolvedItem): ItemRef {
  return { pattern: resolved.pattern, type: resolved.type, rule: resolved.item.rule };
}

function sameItem(ref: ItemRef, resolved: ResolvedItem): boolean {
  return ref.pattern === resolved.pattern && ref.type === resolved.type && ref.rule === resolved.item.rule;
}

function notCheckedEntry(resolved: ResolvedItem, check: string, reason: string): NotCheckedRule {
  return { ...itemRef(resolved), severity: resolved.severity, check, reason };
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

/**
 * A review reads at most REVIEW_MAX_BYTES, the file and its diff together; the refusal says what to
 * send instead, since the caller is often an agent that can act on it.
 */
function refuseOversize(source: string, diff: string | undefined): void {
  const sourceBytes = utf8Length(source);
  const diffBytes = diff === undefined ? 0 : utf8Length(diff);
  if (sourceBytes + diffBytes <= limits.reviewBytes) return;
  const limit = formatBytes(limits.reviewBytes);
  throw new ArchitectureError(
    'CONTENT_TOO_LARGE',
    sourceBytes > limits.reviewBytes
      ? `The file is ${formatBytes(sourceBytes)}, over the ${limit} a review reads. A file this large is usually generated or vendored: leave it out of the review, or exclude it from the rule with a "!" glob.`
      : `The file (${formatBytes(sourceBytes)}) and its diff (${formatBytes(diffBytes)}) together are over the ${limit} a review reads: send the diff without context lines (git diff -U0 -- <file>), or leave diff out to check the whole file.`,
  );
}
