import type { CreatePlan } from '@switchboard/api-client/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { agentProfile, member, planItem, user } from '../../db/schema';
import type { ActingContext } from '../actor';
import type { Transaction } from '../changes';
import { AppError } from '../errors';
import { draftFromOutline, type ItemDraft, structureProblems, withCanonicalKeys } from './items';
import { parsePlanOutline } from './outline';
import type { PlanItemRow } from './rows';

/** The items a create or an update gives, as a list or a parsed outline; a bad outline is a 400 by line. */
export function draftsOf(input: { items?: CreatePlan['items']; outline?: string }): {
  drafts: ItemDraft[];
  title: string | null;
  summary: string;
} {
  if (input.outline !== undefined) {
    const parsed = parsePlanOutline(input.outline);
    if (!parsed.ok) {
      const lines = parsed.problems.map((problem) => `line ${problem.line}: ${problem.message}`);
      throw new AppError(
        'VALIDATION_FAILED',
        `outline: ${parsed.problems.length === 1 ? 'a problem' : `${parsed.problems.length} problems`}: ${lines.join('; ')}`,
        parsed.problems.map((problem) => ({
          code: 'custom',
          path: ['outline'],
          line: problem.line,
          message: `line ${problem.line}: ${problem.message}`,
        })),
      );
    }
    return { drafts: parsed.items.map(draftFromOutline), title: parsed.title, summary: parsed.summary };
  }
  const drafts = (input.items ?? []).map((item) => ({
    key: item.key,
    kind: item.kind,
    parent: item.parent ?? null,
    title: item.title,
    description: item.description ?? '',
    acceptanceCriteria: item.acceptanceCriteria ?? [],
    priority: item.priority ?? null,
    estimateHours: item.estimateHours ?? null,
    dependsOn: item.dependsOn ?? [],
    assignee: item.assignee ?? null,
  }));
  return { drafts, title: null, summary: '' };
}

/** The drafts with canonical keys; drafts that do not hold together are a 400 naming each problem. */
export function checkStructure(drafts: ItemDraft[], field: 'items' | 'outline'): ItemDraft[] {
  const problems = structureProblems(drafts);
  if (problems.length > 0) {
    const words = problems.map((problem) => problem.message).join('; ');
    throw new AppError(
      'VALIDATION_FAILED',
      `${field}: ${words}`,
      problems.map((problem) => ({
        code: 'custom',
        path: field === 'items' ? problem.path : ['outline'],
        message: problem.message,
      })),
    );
  }
  return withCanonicalKeys(drafts);
}

/**
 * Names the assignee as tasks hold it: an agent profile by its name, a member by their e-mail. Words
 * that name nobody are kept as written, so the plan shows them and warns; accepting leaves that task
 * unassigned.
 */
async function resolveAssignees(tx: Transaction, context: ActingContext, drafts: readonly ItemDraft[]) {
  const written = [...new Set(drafts.flatMap((draft) => (draft.assignee ? [draft.assignee] : [])))];
  const resolved = new Map<string, { assignee: string | null; assigneeUserId: string | null }>();
  if (written.length === 0) return resolved;
  const emails = written.filter((words) => words.includes('@')).map((words) => words.toLowerCase());
  const [agents, people] = await Promise.all([
    tx
      .select({ name: agentProfile.name })
      .from(agentProfile)
      .where(eq(agentProfile.organizationId, context.organizationId)),
    emails.length
      ? tx
          .select({ id: user.id, email: user.email })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(
            and(
              eq(member.organizationId, context.organizationId),
              inArray(sql`lower(${user.email})`, emails),
            ),
          )
      : [],
  ]);
  const agentNames = new Map(agents.map((agent) => [agent.name.toLowerCase(), agent.name]));
  const personByEmail = new Map(people.map((person) => [person.email.toLowerCase(), person.id]));
  for (const words of written) {
    const personId = personByEmail.get(words.toLowerCase());
    resolved.set(
      words,
      personId
        ? { assignee: null, assigneeUserId: personId }
        : { assignee: agentNames.get(words.toLowerCase()) ?? words, assigneeUserId: null },
    );
  }
  return resolved;
}

/** Writes one revision's items; accepted keys keep what they became. */
export async function writeItems(
  tx: Transaction,
  context: ActingContext,
  planId: string,
  revision: number,
  drafts: readonly ItemDraft[],
  accepted: ReadonlyMap<string, { id: string; key: string }> = new Map(),
): Promise<PlanItemRow[]> {
  const assignees = await resolveAssignees(tx, context, drafts);
  const rows = drafts.map((draft, position) => {
    const assignee = draft.assignee ? assignees.get(draft.assignee) : undefined;
    const was = accepted.get(draft.key);
    return {
      planId,
      revision,
      key: draft.key,
      kind: draft.kind,
      parentKey: draft.parent,
      title: draft.title,
      description: draft.description,
      acceptanceCriteria: draft.acceptanceCriteria,
      priority: draft.priority,
      estimateHours: draft.estimateHours,
      dependsOn: draft.dependsOn,
      assignee: assignee?.assignee ?? null,
      assigneeUserId: assignee?.assigneeUserId ?? null,
      acceptedAs: was?.id ?? null,
      acceptedKey: was?.key ?? null,
      position,
    };
  });
  // Batches keep each statement's parameter count far below PostgreSQL's limit of 65,535.
  const written: PlanItemRow[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    written.push(
      ...(await tx
        .insert(planItem)
        .values(rows.slice(start, start + 200))
        .returning()),
    );
  }
  return written.sort((a, b) => a.position - b.position);
}
