import type { ReactNode } from 'react';
import { FileIcon } from '../tasks/icons';
import { FindingRow, type FindingView } from './finding-row';
import { type Severity, SeverityBadge } from './severity-badge';

export interface FileFinding extends FindingView {
  id: string;
  filePath: string;
}

const RANK: Record<Severity, number> = { HIGH: 0, MEDIUM: 1, LOW: 2 };

/**
 * Findings by file, files in path order; in each file the gravest first, then by line. Each group
 * carries its worst severity, for the file's heading.
 */
export function groupFindingsByFile<T extends FileFinding>(
  findings: readonly T[],
): Array<{ filePath: string; worst: Severity; findings: T[] }> {
  const byFile = new Map<string, T[]>();
  for (const finding of findings) {
    byFile.set(finding.filePath, [...(byFile.get(finding.filePath) ?? []), finding]);
  }
  return [...byFile.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([filePath, group]) => {
      const sorted = [...group].sort(
        (a, b) => RANK[a.severity] - RANK[b.severity] || (a.line ?? 0) - (b.line ?? 0),
      );
      return { filePath, worst: sorted[0]?.severity ?? 'LOW', findings: sorted };
    });
}

/** Findings listed under their file's path; `actionFor` adds a control to each (e.g. dismiss). */
export function FindingsByFile<T extends FileFinding>({
  findings,
  actionFor,
}: {
  findings: readonly T[];
  actionFor?: (finding: T) => ReactNode;
}) {
  return (
    <ul aria-label="Findings by file" className="flex flex-col gap-3">
      {groupFindingsByFile(findings).map((group) => (
        <li
          key={group.filePath}
          aria-label={group.filePath}
          className="overflow-hidden rounded-control border border-border bg-surface"
        >
          <p className="flex items-center gap-2 border-b border-border bg-subtle/50 px-3 py-1.5">
            <FileIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <span
              className="min-w-0 flex-1 truncate font-mono text-[12px] text-foreground"
              title={group.filePath}
            >
              {group.filePath}
            </span>
            <SeverityBadge severity={group.worst} />
          </p>
          <ul className="divide-y divide-border">
            {group.findings.map((finding) => (
              <FindingRow key={finding.id} finding={finding} action={actionFor?.(finding)} />
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
