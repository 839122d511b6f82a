import * as z from 'zod';

/**
 * devInfo is free-form JSON that agents write. The task page shows the parts it recognises —
 * progress, test results, files changed, commits, blockers, notes — each read on its own, so one
 * malformed part never hides the others.
 */

const count = z.coerce.number().finite().nonnegative();

const testSuiteSchema = z.object({
  passed: count.optional(),
  failed: count.optional(),
  coverage: count.max(100).optional(),
});
export type TestSuite = z.infer<typeof testSuiteSchema>;

const progressSchema = z.object({
  completedTasks: count.optional(),
  totalTasks: count.optional(),
  percentage: count.max(100).optional(),
  currentTask: z
    .union([z.string(), z.object({ key: z.string().optional(), title: z.string().optional() })])
    .nullish(),
});

const commitSchema = z.union([
  z.string(),
  z.object({
    sha: z.string().optional(),
    hash: z.string().optional(),
    message: z.string().optional(),
    url: z.string().optional(),
  }),
]);

const textList = z.array(
  z.union([z.string(), z.object({ description: z.string() }), z.object({ text: z.string() })]),
);

export const TEST_SUITES = ['unit', 'integration', 'e2e'] as const;
export type TestSuiteName = (typeof TEST_SUITES)[number];

export interface DevInfoView {
  executionPlan?: string;
  sessionId?: string;
  progress?: { completed?: number; total?: number; percentage?: number; current?: string };
  testResults: Partial<Record<TestSuiteName, TestSuite>>;
  filesChanged: string[];
  commits: { sha?: string; message?: string; url?: string }[];
  blockers: string[];
  notes?: string;
}

function read<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const texts = (value: unknown): string[] =>
  (read(textList, value) ?? [])
    .map((item) => (typeof item === 'string' ? item : 'description' in item ? item.description : item.text))
    .filter((item) => item.trim() !== '');

export function readDevInfo(devInfo: Record<string, unknown>): DevInfoView {
  const view: DevInfoView = { testResults: {}, filesChanged: [], commits: [], blockers: [] };
  const plan = read(z.string(), devInfo.executionPlan);
  if (plan?.trim()) view.executionPlan = plan;
  const sessionId = read(z.string(), devInfo.sessionId);
  if (sessionId?.trim()) view.sessionId = sessionId;

  const progress = read(progressSchema, devInfo.progress);
  if (progress) {
    const current = progress.currentTask;
    const total = progress.totalTasks;
    const completed = progress.completedTasks;
    view.progress = {
      ...(completed !== undefined ? { completed } : {}),
      ...(total !== undefined ? { total } : {}),
      percentage:
        progress.percentage ??
        (total && completed !== undefined ? Math.round((completed / total) * 100) : undefined),
      ...(current
        ? {
            current:
              typeof current === 'string' ? current : [current.key, current.title].filter(Boolean).join(' '),
          }
        : {}),
    };
    if (view.progress.percentage === undefined) delete view.progress.percentage;
  }

  const tests = read(z.record(z.string(), z.unknown()), devInfo.testResults) ?? {};
  for (const suite of TEST_SUITES) {
    const result = read(testSuiteSchema, tests[suite]);
    if (result && Object.keys(result).length > 0) view.testResults[suite] = result;
  }

  view.filesChanged = (read(z.array(z.unknown()), devInfo.filesChanged) ?? [])
    .map((file) =>
      typeof file === 'string' ? file : (read(z.object({ path: z.string() }), file)?.path ?? undefined),
    )
    .filter((file): file is string => Boolean(file));

  view.commits = (read(z.array(commitSchema), devInfo.commits) ?? []).map((commit) =>
    typeof commit === 'string'
      ? { sha: commit }
      : { sha: commit.sha ?? commit.hash, message: commit.message, url: commit.url },
  );

  view.blockers = texts(devInfo.blockers);
  const notes = devInfo.notes;
  if (typeof notes === 'string' && notes.trim()) view.notes = notes;
  else if (Array.isArray(notes)) {
    const joined = texts(notes).join('\n\n');
    if (joined) view.notes = joined;
  }
  return view;
}

/** Whether there is anything to show. */
export function hasDevInfo(view: DevInfoView): boolean {
  return Boolean(
    view.executionPlan ||
      view.progress ||
      Object.keys(view.testResults).length > 0 ||
      view.filesChanged.length > 0 ||
      view.commits.length > 0 ||
      view.blockers.length > 0 ||
      view.notes,
  );
}
