import type { YamlError } from '@switchboard/architecture';
import { AlertIcon } from '../../components/icons';

/** 'Line 4, column 7' or 'Line 4'. */
export function problemPlace(problem: YamlError): string {
  return problem.column ? `Line ${problem.line}, column ${problem.column}` : `Line ${problem.line}`;
}

/**
 * What is wrong with one YAML file, each problem with its line; choosing a line takes the cursor there.
 * Nothing is rendered when the file is fine.
 */
export function YamlProblems({
  id,
  file,
  problems,
  onGoToLine,
}: {
  /** Lets the field name the list in its aria-describedby. */
  id?: string;
  file: string;
  problems: readonly YamlError[];
  onGoToLine?: (line: number) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <ul
      id={id}
      aria-label={`Problems in ${file}`}
      className="flex flex-col gap-1 rounded-control border border-danger/30 bg-danger/5 px-3 py-2 text-[12px]"
    >
      {problems.map((problem) => (
        <li key={`${problem.line}:${problem.column ?? 0}:${problem.message}`} className="flex gap-2">
          <AlertIcon aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-danger" />
          <span className="min-w-0">
            {onGoToLine ? (
              <button
                type="button"
                onClick={() => onGoToLine(problem.line)}
                className="font-mono font-medium text-danger hover:underline"
              >
                {problemPlace(problem)}
              </button>
            ) : (
              <span className="font-mono font-medium text-danger">{problemPlace(problem)}</span>
            )}
            <span className="text-foreground">: {problem.message}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
