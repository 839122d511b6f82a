import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cn } from '../../components/ui/cn';
// The prerendered page's script finds and drives these same attributes.
import * as markup from '../../public/markup';
import { CheckIcon, CopyIcon } from './site-icons';

/**
 * Both icons are in the markup and the `data-copied` attribute picks one, so the prerendered page's
 * script (src/public/enhancements.ts) only flips the attribute, exactly as this component does.
 */
function CopyButton({
  copied,
  onCopy,
  className,
}: {
  copied: boolean;
  onCopy: () => void;
  className?: string;
}) {
  const label = markup.copyButtonLabel(copied);
  return (
    <button
      type="button"
      onClick={onCopy}
      aria-label={label}
      title={label}
      {...{ [markup.COPY_BUTTON_ATTRIBUTE]: '', [markup.COPIED_ATTRIBUTE]: copied ? '' : undefined }}
      className={cn(
        'group/copy inline-flex size-7 items-center justify-center rounded-control text-muted-foreground transition-colors hover:bg-subtle hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
    >
      <CopyIcon className="size-3.5 group-data-[copied]/copy:hidden" />
      <CheckIcon className="hidden size-3.5 text-success group-data-[copied]/copy:block" />
    </button>
  );
}

/**
 * A code block highlighted at build time by Shiki (both themes' colours as CSS variables, so the theme
 * class picks one without JavaScript), with a copy button that copies exactly the text shown.
 */
export function CodeBlock({
  className,
  children,
  style,
  ...props
}: ComponentProps<'pre'> & { 'data-language'?: string }) {
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = props['data-language'];
  const labelled = language !== undefined && language !== 'text';

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), markup.COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!pre.current) return;
    try {
      await navigator.clipboard.writeText(markup.codeText(pre.current));
      setCopied(true);
    } catch {
      // Clipboard access can be refused (permissions, insecure context); the text stays selectable.
    }
  };

  return (
    <div
      className="code-block relative my-5 overflow-hidden rounded-card border border-border bg-surface"
      {...{ [markup.CODE_BLOCK_ATTRIBUTE]: '' }}
    >
      {labelled ? (
        <div className="flex h-9 items-center justify-between border-b border-border pr-1 pl-4">
          <span className="font-mono text-[11px] tracking-wide text-muted-foreground uppercase">
            {language}
          </span>
          <CopyButton copied={copied} onCopy={() => void copy()} />
        </div>
      ) : (
        <CopyButton
          copied={copied}
          onCopy={() => void copy()}
          className="absolute top-1.5 right-1.5 bg-surface"
        />
      )}
      <span className="sr-only" aria-live="polite" {...{ [markup.COPY_STATUS_ATTRIBUTE]: '' }}>
        {copied ? markup.COPIED_STATUS : ''}
      </span>
      {/* Shiki's own background colours are dropped: the block sits on the site's surface colour. */}
      <pre
        ref={pre}
        className={cn(
          className,
          'overflow-x-auto py-3.5 pl-4 font-mono text-[13px] leading-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          'text-(--shiki-light) dark:text-(--shiki-dark) [&_span]:text-(--shiki-light) dark:[&_span]:text-(--shiki-dark)',
          labelled ? 'pr-4' : 'pr-12',
        )}
        style={style}
        {...props}
      >
        {children}
      </pre>
    </div>
  );
}
