import type { Repository } from '@switchboard/api-client/contract';
import { updateRepositorySchema } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog, FormDialogFooter } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { useApi } from '../../hooks/use-api';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { repositoryKeys, setRepositoryToken } from './repositories';

/** Sets a new token, or takes the stored one away (then statuses stop being reported). */
export function TokenDialog({ repository, onClose }: { repository: Repository; onClose: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (next: string | null) => setRepositoryToken(api, repository.projectId, repository.id, next),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: repositoryKeys.list(repository.projectId) });
      onClose();
    },
    onError: (failure) => {
      const fields = fieldErrorsFrom(failure);
      if (fields.token) setError(fields.token);
      else setFormError(describeError(failure));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateRepositorySchema.safeParse({ token });
    if (!parsed.success) {
      setError(fieldErrorsFrom(parsed.error).token);
      return;
    }
    save.mutate(parsed.data.token);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Token for ${repository.fullName}`}
      description="A fine-grained token with Commit statuses: read and write on this repository. It is stored and never shown again."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="New token"
          type="password"
          autoComplete="off"
          autoFocus
          value={token}
          error={error}
          onChange={(event) => {
            setToken(event.currentTarget.value);
            setError(undefined);
            setFormError(undefined);
          }}
        />
        <FormDialogFooter
          save={save}
          onCancel={onClose}
          actionLabel="Save token"
          error={formError}
          start={
            repository.hasToken ? (
              <button
                type="button"
                className="text-[13px] text-danger hover:underline"
                onClick={() => save.mutate(null)}
              >
                Remove the token
              </button>
            ) : undefined
          }
        />
      </form>
    </Dialog>
  );
}
