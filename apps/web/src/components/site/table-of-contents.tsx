import { useEffect, useState } from 'react';
import type { TocEntry } from '../../content';
import { cn } from '../ui/cn';

/** Highlights the heading the reader has scrolled to; plain links without JavaScript. */
function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (ids.length === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((entry) => entry.isIntersecting);
        const first = visible.sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (first) setActive(first.target.id);
      },
      { rootMargin: '0px 0px -70% 0px' },
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
    <nav aria-label="On this page" className="text-sm">
      <p className="mb-3 font-semibold text-foreground">On this page</p>
      <ul className="space-y-2 border-l border-border">
        {toc.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className={cn(
                '-ml-px block border-l py-0.5 leading-5 transition-colors',
                entry.depth === 3 ? 'pl-6' : 'pl-3',
                active === entry.id
                  ? 'border-accent text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
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
