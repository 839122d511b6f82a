/** A design pattern of `architect.yaml`: which files it covers and the guidance for them. */
export interface DesignPattern {
  name: string;
  designPattern: string;
  /** Globs relative to the project root. */
  includes: string[];
  /** Markdown guidance. */
  description: string;
}

export type Severity = 'LOW' | 'MEDIUM' | 'HIGH';

/**
 * A machine check of a rule item. Exactly one kind is expected; when several are given, all run.
 * `forbid` and `require` are regular expressions (JavaScript syntax, multiline: `^`/`$` match at line
 * ends); `forbidImport` lists module patterns (`axios`, `@internal/*`, `../**\/db/*`).
 */
export interface RuleCheck {
  forbid?: string;
  require?: string;
  forbidImport?: string[];
}

export interface RuleItem {
  rule: string;
  example?: string;
  codeExample?: string;
  check?: RuleCheck;
  severity?: Severity;
}

/** A rule of `RULES.yaml`: the files it applies to and what they must, should and must not do. */
export interface Rule {
  /** The rule's id, named by other rules' `inherits`. */
  pattern: string;
  /** Globs; a leading `!` excludes. */
  globs: string[];
  description: string;
  inherits: string[];
  mustDo: RuleItem[];
  shouldDo: RuleItem[];
  mustNotDo: RuleItem[];
}

export interface RuleSetContent {
  version?: string;
  template?: string;
  description?: string;
  patterns: DesignPattern[];
  rules: Rule[];
}

export type FindingType = 'must_do' | 'should_do' | 'must_not_do';

export interface Finding {
  type: FindingType;
  severity: Severity;
  /** The rule item's text. */
  rule: string;
  /** The id of the rule the item belongs to (the inherited rule's own id for inherited items). */
  pattern: string;
  violation: string;
  /** 1-based line in the reviewed file, when the check can point at one. */
  line?: number;
  suggestion?: string;
  /** The check that found it, e.g. `forbid /console\.log/`. */
  check?: string;
}

/** A rule item, as findings and checks name it. */
export interface ItemRef {
  pattern: string;
  type: FindingType;
  rule: string;
}

/** A check that did not run to its end: the agent judges its rule, like a rule without a check. */
export interface NotCheckedRule extends ItemRef {
  severity: Severity;
  check: string;
  reason: string;
}

export interface SelfCheckRule {
  pattern: string;
  type: FindingType;
  rule: string;
  severity: Severity;
  codeExample?: string;
}

export interface ReviewResult {
  fix_required: boolean;
  identified_issues: Finding[];
  rules_to_self_check: SelfCheckRule[];
  /** Checks that timed out, could not run, or were not reached within the review's time budget. */
  not_checked: NotCheckedRule[];
  /**
   * Items whose check still matches lines of the file that the diff does not add: their earlier
   * findings are not shown gone by this review. Empty without a diff.
   */
  matched_outside_diff: ItemRef[];
}

export interface YamlError {
  /** 1-based line of the YAML text. */
  line: number;
  /** 1-based column, when known. */
  column?: number;
  message: string;
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: YamlError[] };

export interface ReviewInput {
  /** The file's path relative to the repository root. */
  filePath: string;
  /** The file's full content after the change. */
  source: string;
  /**
   * A unified diff of the change; when given, `forbid` and `forbidImport` look only at added lines.
   * Empty (or only whitespace) counts as absent; one that cannot describe the file is refused.
   */
  diff?: string;
}
