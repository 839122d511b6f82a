import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect } from 'react';
import { UserText } from '../../components/ui/user-text';
import { useApi } from '../../hooks/use-api';
import { useTaskSelection } from '../../hooks/use-task-selection';
import { taskSelection } from '../../lib/task-selection';
import { useTheme } from '../../theme/theme-provider';
import { globalSearchQueryOptions } from './global-search';
import { useLabelsAvailable } from './labels-source';
import { useCreateTask, useGoTo, useOpenDestination } from './navigation';
import {
  actionsFirst,
  filterActions,
  type PaletteAction,
  type PaletteActionId,
  paletteActions,
} from './palette-actions';
import { PaletteItem } from './palette-item';
import { commandPalette } from './palette-store';
import { groupSearchResults } from './search-groups';

const GROUP_ORDER: readonly PaletteAction['group'][] = ['Tasks', 'Navigation', 'Organization', 'Preferences'];

/** The start page: what the search found in the organization, then the actions matching the words. */
export function RootPage({
  search,
  onSearching,
  close,
}: {
  search: string;
  onSearching: (searching: boolean) => void;
  close: () => void;
}) {
  const api = useApi();
  const { theme, toggleTheme } = useTheme();
  useTaskSelection();
  const targetCount = taskSelection.targets().length;
  const labelsAvailable = useLabelsAvailable(targetCount > 0);
  const results = useQuery(globalSearchQueryOptions(api, search));
  const openDestination = useOpenDestination();
  const goTo = useGoTo();
  const createTask = useCreateTask();

  const searching = search.trim() !== '' && results.isFetching && !results.data;
  useEffect(() => onSearching(searching), [searching, onSearching]);

  const groups = search.trim() && results.data ? groupSearchResults(results.data, search) : [];
  const actions = filterActions(paletteActions({ targetCount, labelsAvailable, theme }), search);

  const run: Record<PaletteActionId, () => void> = {
    'create-task': () => {
      close();
      // After the palette has closed, so the quick-create field can take the focus.
      setTimeout(() => createTask(), 0);
    },
    move: () => commandPalette.push('move'),
    assign: () => commandPalette.push('assign'),
    label: () => commandPalette.push('label'),
    'switch-organization': () => commandPalette.push('organization'),
    'toggle-theme': () => {
      toggleTheme();
      close();
    },
    'go-home': () => {
      close();
      void goTo('home');
    },
    'go-projects': () => {
      close();
      void goTo('projects');
    },
    'go-my-work': () => {
      close();
      void goTo('my-work');
    },
    'go-inbox': () => {
      close();
      void goTo('inbox');
    },
    'go-settings': () => {
      close();
      void goTo('settings');
    },
  };

  const resultGroups = groups.map((group) => (
    <Command.Group key={group.kind} heading={group.heading} className={GROUP_CLASSES}>
      {group.items.map((item) => (
        <PaletteItem
          key={item.value}
          value={item.value}
          detail={item.detail}
          onSelect={() => {
            close();
            void openDestination(item.destination);
          }}
        >
          <UserText>{item.label}</UserText>
        </PaletteItem>
      ))}
    </Command.Group>
  ));
  const actionGroups = GROUP_ORDER.map((group) => {
    const inGroup = actions.filter((action) => action.group === group);
    if (inGroup.length === 0) return null;
    return (
      <Command.Group key={group} heading={group} className={GROUP_CLASSES}>
        {inGroup.map((action) => (
          <PaletteItem
            key={action.id}
            value={`action:${action.id}`}
            keys={action.keys}
            onSelect={run[action.id]}
          >
            {action.label}
          </PaletteItem>
        ))}
      </Command.Group>
    );
  });

  // Typed words that name an action ("move", "theme") mean the action, so it comes first and Enter
  // runs it; otherwise ("SWB-12", a title) what the search found comes first.
  return actionsFirst(search, actions.length) ? (
    <>
      {actionGroups}
      {resultGroups}
    </>
  ) : (
    <>
      {resultGroups}
      {actionGroups}
    </>
  );
}

/** Group headings as small capitals, as in the sidebar. */
export const GROUP_CLASSES =
  'py-1 [&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:uppercase';
