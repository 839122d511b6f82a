import type { CodeMoves, UpdateCodeMoves } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { codeMovesQueryOptions, repositoryKeys, updateCodeMoves } from './repositories';

type MoveName = Exclude<keyof CodeMoves, 'version'>;

const MOVES: { name: MoveName; label: string; hint: string }[] = [
  {
    name: 'openedMovesToReview',
    label: 'Opened pull requests move the task to review',
    hint: 'When a pull request is opened or marked ready for review, its task goes to the first review status.',
  },
  {
    name: 'mergedMovesToDone',
    label: 'Merged pull requests move the task to done',
    hint: 'Unless the review gate holds it in review for a person.',
  },
  {
    name: 'closedAddsComment',
    label: 'Closed pull requests add a comment',
    hint: 'A pull request closed without merging says so on its task, which stays where it is.',
  },
];

/** Which board moves follow the code; read-only for members. */
export function CodeMovesPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: moves } = useSuspenseQuery(codeMovesQueryOptions(api, projectId));
  const save = useMutation({
    mutationFn: (body: UpdateCodeMoves) => updateCodeMoves(api, projectId, body),
    onSuccess: (saved) => queryClient.setQueryData(repositoryKeys.codeMoves(projectId), saved),
    // Someone else changed them: show theirs, so the next switch starts from what is stored.
    onError: (error) => {
      if (isVersionConflict(error))
        return queryClient.invalidateQueries({ queryKey: repositoryKeys.codeMoves(projectId) });
    },
  });
  return (
    <SettingsSection title="Moves from code" description="What GitHub's events do on the board.">
      <ul className="flex flex-col gap-3">
        {MOVES.map((move) => {
          const hintId = `code-move-${move.name}-hint`;
          return (
            <li key={move.name} className="flex items-start gap-3">
              <input
                id={`code-move-${move.name}`}
                type="checkbox"
                role="switch"
                aria-checked={moves[move.name]}
                aria-describedby={hintId}
                checked={moves[move.name]}
                disabled={!canEdit || save.isPending}
                onChange={(event) =>
                  save.mutate({ [move.name]: event.currentTarget.checked, version: moves.version })
                }
                className="mt-0.5 size-4 accent-accent"
              />
              <div className="text-[13px] leading-5">
                <label htmlFor={`code-move-${move.name}`} className="font-medium text-foreground">
                  {move.label}
                </label>
                <p id={hintId} className="text-muted-foreground">
                  {move.hint}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {save.error ? (
        <p role="alert" className="mt-3 text-[13px] text-danger">
          {describeError(save.error)}
        </p>
      ) : null}
    </SettingsSection>
  );
}
