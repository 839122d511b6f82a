import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../ui/button';
import { CheckIcon, CopyIcon } from './icons';

/** Copies text; falls back to selecting it when the Clipboard API is missing or refused. */
export async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** A read-only value with a Copy button, e.g. an invitation link to share by hand. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value, inputRef.current)) {
      setCopied(true);
      toast.success('Link copied');
      setTimeout(() => setCopied(false), 2000);
    } else {
      inputRef.current?.select();
      toast('Select the link and copy it yourself: this browser refused.');
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-foreground">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-9 min-w-0 flex-1 rounded-control border border-input bg-background px-3 font-mono text-xs text-foreground shadow-xs"
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <CheckIcon className="size-4 text-success" /> : <CopyIcon className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
