import type { Task } from '@switchboard/api-client/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { task, taskFinding } from '../../db/schema';
import type { Executor } from './views';

/** One open review finding as an agent reads it: what to open and which rule it broke. */
export interface OpenFinding {
  severity: string;
  file: string;
  line?: number;
  rule: string;
  /** The check that found it, when one did (an agent's own judgement has none). */
  check?: string;
}

/** What agents read about tasks beyond their rows: their blockers' keys and their open findings. */
export interface TaskGateReadings {
  /** Task keys by id, for every task the given ones wait for. */
  keys: ReadonlyMap<string, string>;
  /** Open findings by task id, severest first, at most FINDINGS_PER_TASK each. */
  findings: ReadonlyMap<string, OpenFinding[]>;
}

/** Enough to act on; the task's counts say how many more there are. */
export const FINDINGS_PER_TASK = 10;

const severityRank = sql`case ${taskFinding.severity} when 'HIGH' then 0 when 'MEDIUM' then 1 else 2 end`;

/**
 * Two reads for any number of tasks: the keys of the tasks they wait for, and the open findings of
 * those that have any (the row's counts say which, so a task without findings costs nothing).
 */
export async function gateReadingsOf(db: Executor, tasks: readonly Task[]): Promise<TaskGateReadings> {
  const blockerIds = [...new Set(tasks.flatMap((each) => each.blockedBy))];
  const withFindings = tasks
    .filter(
      ({ openFindings }) => openFindings && openFindings.high + openFindings.medium + openFindings.low > 0,
    )
    .map((each) => each.id);
  const [blockers, open] = await Promise.all([
    blockerIds.length
      ? db.select({ id: task.id, key: task.key }).from(task).where(inArray(task.id, blockerIds))
      : [],
    withFindings.length
      ? db
          .select({
            taskId: taskFinding.taskId,
            severity: taskFinding.severity,
            file: taskFinding.filePath,
            line: taskFinding.line,
            rule: taskFinding.rule,
            check: taskFinding.check,
          })
          .from(taskFinding)
          .where(and(inArray(taskFinding.taskId, withFindings), eq(taskFinding.status, 'open')))
          .orderBy(severityRank, asc(taskFinding.filePath), asc(taskFinding.line))
      : [],
  ]);
  const findings = new Map<string, OpenFinding[]>();
  for (const { taskId, line, check, ...finding } of open) {
    const list = findings.get(taskId) ?? [];
    if (list.length < FINDINGS_PER_TASK) {
      list.push({ ...finding, ...(line === null ? {} : { line }), ...(check === null ? {} : { check }) });
    }
    findings.set(taskId, list);
  }
  return { keys: new Map(blockers.map((row) => [row.id, row.key])), findings };
}
