import { Command } from 'cmdk';
import { type KeyboardEvent, type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { AssignPage, CreateInProjectPage, LabelPage, MovePage, OrganizationPage } from './palette-pages';
import { commandPalette, currentPage, type PalettePage } from './palette-store';
import { RootPage } from './root-page';
import { resultsAnnouncement } from './search-groups';

const TITLES: Record<PalettePage, string> = {
  root: 'Command palette',
  move: 'Move to…',
  assign: 'Assign to…',
  label: 'Add label…',
  organization: 'Switch organization…',
  'create-in-project': 'Create task in…',
};

const PLACEHOLDERS: Record<PalettePage, string> = {
  root: 'Search projects, tasks, people… or type a command',
  move: 'Status…',
  assign: 'Agent or person…',
  label: 'Label…',
  organization: 'Organization…',
  'create-in-project': 'Project…',
};

/**
 * The command palette (Ctrl/Cmd+K, "/"): a modal dialog with one search field over a listbox of
 * options. On its start page it searches the organization and lists actions; actions with choices
 * (Move to…, Assign to…) open a nested page, and Backspace in the empty field goes back.
 */
export function CommandPalette() {
  const state = useSyncExternalStore(commandPalette.subscribe, commandPalette.read, commandPalette.read);
  const page = currentPage(state);
  return (
    <Dialog
      open={state.open}
      onClose={() => commandPalette.close()}
      title={TITLES[page]}
      className="mt-[12vh] mb-auto w-[min(40rem,calc(100vw-2rem))]"
    >
      {state.open ? <PaletteBody key={state.pages.join('/')} page={page} /> : null}
    </Dialog>
  );
}

function PaletteBody({ page }: { page: PalettePage }) {
  const [search, setSearch] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(0);
  const [searching, setSearching] = useState(false);

  // A nested page starts with an empty field that has the focus (the body is remounted per page).
  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  // The number of options shown, for the status line screen readers announce.
  useEffect(() => {
    setCount(listRef.current?.querySelectorAll('[cmdk-item]').length ?? 0);
  });

  useActiveDescendant(inputRef, listRef);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Backspace' && search === '' && commandPalette.back()) event.preventDefault();
  };

  const close = () => commandPalette.close();

  return (
    <Command shouldFilter={false} label={TITLES[page]} onKeyDown={onKeyDown} className="flex flex-col gap-2">
      <Command.Input
        ref={inputRef}
        value={search}
        onValueChange={setSearch}
        placeholder={PLACEHOLDERS[page]}
        className="h-10 w-full rounded-control border border-border bg-surface px-3 text-sm text-foreground placeholder:text-muted-foreground/70"
      />
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {resultsAnnouncement(count, searching)}
      </p>
      <Command.List ref={listRef} className="max-h-[min(24rem,55vh)] overflow-y-auto overscroll-contain">
        <Command.Empty className="px-2.5 py-6 text-center text-sm text-muted-foreground">
          {searching ? 'Searching…' : 'Nothing found.'}
        </Command.Empty>
        {page === 'root' ? <RootPage search={search} onSearching={setSearching} close={close} /> : null}
        {page === 'move' ? <MovePage search={search} close={close} /> : null}
        {page === 'assign' ? <AssignPage search={search} close={close} /> : null}
        {page === 'label' ? <LabelPage search={search} close={close} /> : null}
        {page === 'organization' ? <OrganizationPage search={search} close={close} /> : null}
        {page === 'create-in-project' ? <CreateInProjectPage search={search} close={close} /> : null}
      </Command.List>
      <p className="text-xs text-muted-foreground">
        <kbd className="font-mono">↑</kbd> <kbd className="font-mono">↓</kbd> to choose,{' '}
        <kbd className="font-mono">Enter</kbd> to run
        {page === 'root' ? '' : ', Backspace to go back'}, <kbd className="font-mono">Esc</kbd> to close
      </p>
    </Command>
  );
}

/**
 * Points the input's aria-activedescendant at the highlighted option. cmdk 1.1.1 updates it only when
 * its root happens to render again, so after typing it often names no option (or a stale one); this
 * follows the option cmdk marks aria-selected instead.
 */
function useActiveDescendant(
  inputRef: RefObject<HTMLInputElement | null>,
  listRef: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    const list = listRef.current;
    const input = inputRef.current;
    if (!list || !input) return;
    const follow = () => {
      const id = list.querySelector('[cmdk-item][aria-selected="true"]')?.id;
      if (id) input.setAttribute('aria-activedescendant', id);
      else input.removeAttribute('aria-activedescendant');
    };
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(list, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-selected'],
    });
    return () => observer.disconnect();
  }, [inputRef, listRef]);
}
