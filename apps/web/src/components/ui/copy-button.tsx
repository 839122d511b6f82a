import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { CheckIcon, CopyIcon } from '../icons';
import { Button, type ButtonProps } from './button';

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

/**
 * Copies `text`. Says so in the button for two seconds and in a toast; when the browser refuses, the
 * `fallback` element (an input or the code block) is selected so the person can copy it themselves.
 */
export function CopyButton({
  text,
  label,
  toastMessage = 'Copied',
  fallback,
  ...props
}: {
  text: string;
  /** The accessible name, e.g. 'Copy .mcp.json'. */
  label: string;
  toastMessage?: string;
  fallback?: () => HTMLElement | null;
} & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const target = fallback?.() ?? null;
    const input = target instanceof HTMLInputElement ? target : null;
    if (await copyText(text, input)) {
      setCopied(true);
      toast.success(toastMessage);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
      return;
    }
    if (target && !input) {
      const range = document.createRange();
      range.selectNodeContents(target);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
    toast('Select the text and copy it yourself: this browser refused.');
  };

  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={() => void copy()} {...props}>
      {copied ? <CheckIcon className="size-3.5 text-success" /> : <CopyIcon className="size-3.5" />}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
