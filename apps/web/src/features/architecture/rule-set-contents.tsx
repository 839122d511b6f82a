import {
  type DesignPattern,
  defaultSeverity,
  type FindingType,
  type Rule,
  type RuleItem,
  type RuleSetContent,
} from '@switchboard/architecture';
import { cn } from '../../components/ui/cn';
import { Markdown } from '../../components/ui/markdown';
import { type Severity, SeverityBadge } from './severity-badge';

type ItemKind = 'mustDo' | 'shouldDo' | 'mustNotDo';

const KINDS: Array<{ kind: ItemKind; type: FindingType; title: string }> = [
  { kind: 'mustDo', type: 'must_do', title: 'Must do' },
  { kind: 'shouldDo', type: 'should_do', title: 'Should do' },
  { kind: 'mustNotDo', type: 'must_not_do', title: 'Must not do' },
];

/** A rule set's patterns and rules, for reading: what each covers, each item's severity and check. */
export function RuleSetContents({ content }: { content: RuleSetContent }) {
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="design-patterns-heading">
        <h3 id="design-patterns-heading" className="mb-2 text-[13px] font-semibold text-foreground">
          Design patterns{' '}
          <span className="text-muted-foreground tabular-nums">({content.patterns.length})</span>
        </h3>
        {content.patterns.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">No design patterns in architect.yaml.</p>
        ) : (
          <ul aria-label="Design patterns" className="flex flex-col gap-2">
            {content.patterns.map((pattern) => (
              <PatternCard key={pattern.name} pattern={pattern} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="rules-heading">
        <h3 id="rules-heading" className="mb-2 text-[13px] font-semibold text-foreground">
          Rules <span className="text-muted-foreground tabular-nums">({content.rules.length})</span>
        </h3>
        {content.rules.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">No rules in RULES.yaml.</p>
        ) : (
          <ul aria-label="Rules" className="flex flex-col gap-2">
            {content.rules.map((rule) => (
              <RuleCard key={rule.pattern} rule={rule} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Globs({ globs, label }: { globs: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {globs.map((glob) => (
        <li
          key={glob}
          className={cn(
            'rounded-[5px] border px-1.5 py-0.5 font-mono text-[11px]',
            glob.startsWith('!')
              ? 'border-dashed border-border-strong text-muted-foreground'
              : 'border-border bg-subtle text-foreground',
          )}
          title={glob.startsWith('!') ? `Excluded: ${glob.slice(1)}` : undefined}
        >
          {glob}
        </li>
      ))}
    </ul>
  );
}

function PatternCard({ pattern }: { pattern: DesignPattern }) {
  return (
    <li
      aria-label={pattern.name}
      className="rounded-control border border-border bg-background/40 px-3 py-2.5"
    >
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="font-mono text-[12px] font-semibold text-foreground">{pattern.name}</span>
        <span className="text-[13px] text-muted-foreground">{pattern.designPattern}</span>
      </p>
      {pattern.includes.length > 0 ? (
        <div className="mt-1.5">
          <Globs globs={pattern.includes} label={`Files of ${pattern.name}`} />
        </div>
      ) : null}
      {pattern.description.trim() ? (
        <details className="mt-1.5 text-[13px]">
          <summary className="cursor-pointer text-[12px] text-muted-foreground select-none hover:text-foreground">
            Guidance
          </summary>
          <Markdown source={pattern.description} className="mt-1" />
        </details>
      ) : null}
    </li>
  );
}

function RuleCard({ rule }: { rule: Rule }) {
  return (
    <li
      aria-label={rule.pattern}
      className="rounded-control border border-border bg-background/40 px-3 py-2.5"
    >
      <p className="font-mono text-[12px] font-semibold text-foreground">{rule.pattern}</p>
      {rule.description ? (
        <p className="mt-0.5 text-[13px] text-muted-foreground">{rule.description}</p>
      ) : null}
      <div className="mt-1.5 flex flex-wrap items-center gap-2 text-[12px] text-muted-foreground">
        {rule.globs.length > 0 ? <Globs globs={rule.globs} label={`Files of ${rule.pattern}`} /> : null}
        {rule.inherits.length > 0 ? (
          <span>
            inherits <span className="font-mono text-foreground">{rule.inherits.join(', ')}</span>
          </span>
        ) : null}
      </div>
      {KINDS.filter(({ kind }) => rule[kind].length > 0).map(({ kind, type, title }) => (
        <div key={kind} className="mt-2">
          <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{title}</p>
          <ul aria-label={`${title} of ${rule.pattern}`} className="mt-1 flex flex-col gap-1.5">
            {rule[kind].map((item) => (
              <RuleItemRow key={item.rule} item={item} severity={item.severity ?? defaultSeverity[type]} />
            ))}
          </ul>
        </div>
      ))}
    </li>
  );
}

/** How a machine checks the item, in the YAML's own words; null when the agent judges it. */
export function describeCheck(check: RuleItem['check']): string | null {
  if (!check) return null;
  const parts: string[] = [];
  if (check.forbid !== undefined) parts.push(`forbid: /${check.forbid}/`);
  if (check.require !== undefined) parts.push(`require: /${check.require}/`);
  if (check.forbidImport?.length) parts.push(`forbidImport: ${check.forbidImport.join(', ')}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function RuleItemRow({ item, severity }: { item: RuleItem; severity: Severity }) {
  const check = describeCheck(item.check);
  const example = item.codeExample ?? item.example;
  return (
    <li className="flex items-start gap-2 text-[13px]">
      <SeverityBadge severity={severity} className="mt-px" />
      <div className="min-w-0 flex-1">
        <p className="text-foreground">{item.rule}</p>
        <p className="mt-0.5 text-[11px] text-muted-foreground">
          {check ? (
            <>
              Checked: <code className="font-mono text-foreground">{check}</code>
            </>
          ) : (
            'Not machine-checked: the agent judges it'
          )}
        </p>
        {example ? (
          <details className="mt-0.5">
            <summary className="cursor-pointer text-[11px] text-muted-foreground select-none hover:text-foreground">
              Example
            </summary>
            <pre className="mt-1 overflow-x-auto rounded-control bg-subtle px-2 py-1.5 font-mono text-[11px] leading-4 text-foreground">
              {example}
            </pre>
          </details>
        ) : null}
      </div>
    </li>
  );
}
