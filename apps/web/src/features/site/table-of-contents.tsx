import { useEffect, useState } from 'react';
import { cn } from '../../components/ui/cn';
import type { TocEntry } from '../../content';
import { TOC_ACTIVE_ATTRIBUTE, TOC_ATTRIBUTE, TOC_ROOT_MARGIN, topmostHeading } from '../../public/markup';

/**
 * Highlights the heading the reader has scrolled to; plain links without JavaScript. On a prerendered
 * page src/public/enhancements.ts does the same on this markup.
 */
function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (ids.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const id = topmostHeading(entries);
        if (id !== undefined) setActive(id);
      },
      { rootMargin: TOC_ROOT_MARGIN },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

/** "On this page": the article's h2/h3 headings, extracted at build time. */
export function TableOfContents({ toc }: { toc: TocEntry[] }) {
  const [ids] = useState(() => toc.map((entry) => entry.id));
  const active = useActiveHeading(ids);
  if (toc.length === 0) return null;
  return (
    <nav aria-label="On this page" className="text-sm" {...{ [TOC_ATTRIBUTE]: '' }}>
      <p className="mb-3 font-semibold text-foreground">On this page</p>
      <ul className="space-y-2 border-l border-border">
        {toc.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              {...{ [TOC_ACTIVE_ATTRIBUTE]: active === entry.id ? '' : undefined }}
              className={cn(
                '-ml-px block border-l border-transparent py-0.5 leading-5 text-muted-foreground transition-colors hover:text-foreground',
                'data-[active]:border-accent data-[active]:text-foreground',
                entry.depth === 3 ? 'pl-6' : 'pl-3',
              )}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
