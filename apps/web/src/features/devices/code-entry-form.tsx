import { type FormEvent, useState } from 'react';
import { TerminalIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { DeviceFrame } from './device-frame';
import { parseUserCode } from './device-login';

export interface CodeEntryFormProps {
  /** Called with the code as XXXX-XXXX once it has the right shape. */
  onSubmit: (code: string) => void;
}

/**
 * /auth/cli-verify without a code (the address the terminal prints, typed by hand): a field for the
 * code shown in the terminal, in any case, with or without the dash or a space.
 */
export function CodeEntryForm({ onSubmit }: CodeEntryFormProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = parseUserCode(value);
    if (!code) {
      setError('Codes have 8 letters, like BCDF-GHJK. Check the one in your terminal.');
      return;
    }
    onSubmit(code);
  }

  return (
    <DeviceFrame icon={<TerminalIcon />} title="Sign in on the command line">
      <p className="mt-2 text-center text-sm leading-6 text-muted-foreground">
        Enter the code{' '}
        <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[12px]">switchboard login</code> shows
        in your terminal.
      </p>
      <form className="mt-6 flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field
          label="Sign-in code"
          name="user_code"
          placeholder="XXXX-XXXX"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
          maxLength={16}
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
    </DeviceFrame>
  );
}
