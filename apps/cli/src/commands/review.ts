import { relative, resolve } from 'node:path';
import { REVIEW_MAX_BYTES } from '@switchboard/api-client/contract';
import { formatBytes, isArchitectureError, normaliseRepoPath } from '@switchboard/architecture';
import type { Command } from 'commander';
import * as z from 'zod';
import { ChangeReader, type ChangeScope } from '../architecture/git';
import { organizationRulesOrWarning } from '../architecture/organization-rules';
import { countSeverities, printFindings, printSummary } from '../architecture/report';
import { type FileReview, Reviewer } from '../architecture/reviewer';
import { type CliContext, createRuntime, type GlobalOptions, type Runtime } from '../context';
import { CliError, UsageError } from '../exit-codes';
import { parseOptions, printJson } from '../output';
import { requireRepositoryRoot } from '../repository';

const reviewSchema = z.object({
  apiUrl: z.string().optional(),
  staged: z.boolean().default(false),
  base: z.string().min(1).max(200).optional(),
  project: z.string().optional(),
  ruleSet: z.string().optional(),
  local: z.boolean().default(false),
  json: z.boolean().default(false),
});
type ReviewOptions = z.output<typeof reviewSchema>;

function scopeOf(options: ReviewOptions): ChangeScope {
  if (options.staged && options.base) throw new UsageError('Use --staged or --base, not both.');
  if (options.staged) return { kind: 'staged' };
  if (options.base) return { kind: 'base', ref: options.base };
  return { kind: 'working-tree' };
}

/** Files named on the command line, relative to the repository root (and refused when outside it). */
function namedPaths(root: string, cwd: string, files: readonly string[]): string[] {
  return files.map((file) => {
    try {
      return normaliseRepoPath(relative(root, resolve(cwd, file)));
    } catch (error) {
      if (isArchitectureError(error)) throw new UsageError(`${file}: ${error.message}`);
      throw error;
    }
  });
}

async function review(runtime: Runtime, files: readonly string[], options: ReviewOptions): Promise<void> {
  const root = requireRepositoryRoot(runtime.cwd);
  const scope = scopeOf(options);
  const named = namedPaths(root, runtime.cwd, files);
  const changes = new ChangeReader(root, scope);
  const explicitScope = options.staged || options.base !== undefined;
  let paths: string[];
  if (named.length === 0) paths = await changes.changedPaths();
  else if (explicitScope) {
    const changed = new Set(await changes.changedPaths());
    paths = named.filter((path) => changed.has(path));
  } else paths = named;

  // Nothing changed, nothing to ask the server: an empty commit hook stays instant and offline.
  if (options.local && (options.project || options.ruleSet)) {
    throw new UsageError('--local reads no rule set from the server: leave out --project and --rule-set.');
  }
  const { rules, warning } =
    paths.length === 0 || options.local
      ? {
          rules: { kind: 'none' as const, reason: options.local ? '--local was given' : 'nothing to review' },
          warning: undefined,
        }
      : await organizationRulesOrWarning(runtime, { project: options.project, ruleSet: options.ruleSet });
  if (warning) runtime.stderr.write(`warning: ${warning}\n`);
  const reviewer = new Reviewer(root, rules.kind === 'rule-set' ? rules.content : undefined);

  const reviews: FileReview[] = [];
  const ruleFiles = new Set<string>();
  for (const path of paths) {
    const change = await changes.read(path).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    });
    if (!change) continue;
    // Files named outright are reviewed whole; a scope reviews only what the change adds.
    const reviewed = await reviewer.review(
      named.length > 0 && !explicitScope ? { ...change, diff: undefined } : change,
    );
    for (const file of reviewer.rulesFor(path).ruleFiles) ruleFiles.add(file);
    reviews.push(reviewed);
  }

  const counts = countSeverities(reviews);
  const fixRequired = reviews.some((entry) => entry.fix_required);
  const ruleSet = rules.kind === 'rule-set' ? rules.name : null;
  if (options.json) {
    printJson(runtime.stdout, {
      rule_set: ruleSet,
      rule_files: [...ruleFiles],
      fix_required: fixRequired,
      counts,
      files: reviews,
    });
  } else {
    printFindings(runtime.stdout, reviews);
    const sources = [...(ruleSet ? [`rule set "${ruleSet}"`] : []), ...ruleFiles];
    printSummary(runtime.stdout, {
      reviews,
      sources,
      noRulesReason: rules.kind === 'none' ? rules.reason : undefined,
    });
  }
  if (fixRequired) {
    throw new CliError(
      `${counts.HIGH} HIGH finding${counts.HIGH === 1 ? '' : 's'}: fix ${counts.HIGH === 1 ? 'it' : 'them'} before committing.`,
    );
  }
}

export function registerReview(program: Command, context: CliContext): void {
  program
    .command('review')
    .description(
      "check changed files against the architecture rules: the organization's rule set and the repository's rule files",
    )
    .argument('[files...]', 'only these files (default: every changed file)')
    .option('--staged', 'review what is staged for the next commit (for a git pre-commit hook)')
    .option('--base <ref>', 'review the changes since the branch left <ref>, e.g. origin/main (for CI)')
    .option('--project <key>', 'project whose rule set applies (default: the one linked to this repository)')
    .option('--rule-set <name>', 'use this rule set of the organization instead of the project’s')
    .option('--local', "use the repository's rule files only, without asking the server")
    .option('--json', 'print the findings as JSON')
    .addHelpText(
      'after',
      [
        '',
        'Without --staged or --base, the working tree is compared with HEAD (new untracked files included);',
        'forbid and forbidImport checks look only at the lines a change adds. Files named without',
        '--staged or --base are reviewed whole.',
        '',
        'A check that times out or cannot run is printed as NOT CHECKED, for you to judge; it never fails',
        `the review. A review reads at most ${formatBytes(REVIEW_MAX_BYTES)} per file (content and diff together); larger files are skipped.`,
        '',
        'Exit status: 1 when a HIGH finding needs fixing, 0 otherwise (MEDIUM and LOW are reported only).',
        '',
        'As a git pre-commit hook (.git/hooks/pre-commit):',
        '  #!/bin/sh',
        '  exec switchboard review --staged',
        '',
        'As a CI step:',
        '  switchboard review --base origin/main',
      ].join('\n'),
    )
    .action(async (files: string[], _options: unknown, command: Command) => {
      const options = parseOptions(reviewSchema, command.optsWithGlobals<GlobalOptions>());
      await review(createRuntime(context, options), files, options);
    });
}
