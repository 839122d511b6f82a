import { Link } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';
import { ActivityIcon, ColumnsIcon, LayersIcon, ListIcon, MessageIcon } from '../tasks/icons';
import type { BoardSearch, BoardView } from '../tasks/tasks-filters';

const TABS: { view: BoardView; label: string; icon: typeof ColumnsIcon }[] = [
  { view: 'board', label: 'Board', icon: ColumnsIcon },
  { view: 'list', label: 'List', icon: ListIcon },
  { view: 'work-units', label: 'Work units', icon: LayersIcon },
  { view: 'plan', label: 'Plans', icon: MessageIcon },
  { view: 'activity', label: 'Activity', icon: ActivityIcon },
];

/** The project's views as tabs under its header, the one shown marked as the current page. */
export function ProjectViewTabs({ projectId, current }: { projectId: string; current: BoardView }) {
  return (
    <nav
      aria-label="Project views"
      // The line under the tabs is an inset shadow, not a border, so the tabs can scroll sideways on a
      // phone and the active tab's underline still covers it.
      className="mt-4 flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--color-border)] [scrollbar-width:none]"
    >
      {TABS.map((tab) => {
        const active = tab.view === current;
        return (
          <Link
            key={tab.view}
            to="/dashboard/projects/$projectId"
            params={{ projectId }}
            search={(previous: BoardSearch) => ({
              ...previous,
              view: tab.view === 'board' ? undefined : tab.view,
              // The peek panel belongs to the board and the list; another tab closes it.
              peek: tab.view === 'board' || tab.view === 'list' ? previous.peek : undefined,
            })}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex h-9 shrink-0 items-center gap-1.5 border-b-2 px-3 text-[13px] font-medium whitespace-nowrap transition-colors',
              active
                ? 'border-accent text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            <tab.icon className="size-3.5" />
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
