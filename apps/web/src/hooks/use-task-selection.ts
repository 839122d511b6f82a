import { useSyncExternalStore } from 'react';
import { type TaskSelectionState, taskSelection } from '../lib/task-selection';

/** The selected tasks, the keyboard cursor and the open task, re-rendering when any changes. */
export function useTaskSelection(): TaskSelectionState {
  return useSyncExternalStore(taskSelection.subscribe, taskSelection.read, taskSelection.read);
}
