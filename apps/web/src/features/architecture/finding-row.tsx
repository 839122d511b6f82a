import type { ReactNode } from 'react';
import type { Severity } from './severity-badge';
import { SeverityBadge } from './severity-badge';

/** What a finding shows, whether fresh from a trial review or recorded on a task. */
export interface FindingView {
  severity: Severity;
  /** The rule item's text. */
  rule: string;
  violation: string;
  line?: number | null;
  suggestion?: string | null;
  /** The rule (pattern id) the item belongs to. */
  pattern?: string | null;
  /** The machine check that found it; none for an agent's judgement. */
  check?: string | null;
}

/** One finding: severity, what was broken and where, and how to fix it; `action` sits at the end. */
export function FindingRow({ finding, action }: { finding: FindingView; action?: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5 px-3 py-2.5 text-[13px]">
      <SeverityBadge severity={finding.severity} className="mt-px" />
      <div className="min-w-0 flex-1">
        <p className="text-foreground">
          {finding.line ? (
            <span className="mr-1.5 font-mono text-[12px] text-muted-foreground">line {finding.line}</span>
          ) : null}
          {finding.violation}
        </p>
        <p className="mt-0.5 text-[12px] text-muted-foreground">
          Rule: {finding.rule}
          {finding.pattern ? <span className="font-mono"> ({finding.pattern})</span> : null}
        </p>
        {finding.check ? (
          <p className="mt-0.5 text-[12px] text-muted-foreground">
            Found by <span className="font-mono">{finding.check}</span>
          </p>
        ) : null}
        {finding.suggestion ? (
          <p className="mt-0.5 text-[12px] text-muted-foreground">Fix: {finding.suggestion}</p>
        ) : null}
      </div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </li>
  );
}
