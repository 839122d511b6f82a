import type { ToolKit } from '../tooling';
import { registerCreateTask } from './tasks/create-task';
import { registerDeleteTask } from './tasks/delete-task';
import { registerGetTask } from './tasks/get-task';
import { registerLinkPullRequest } from './tasks/link-pull-request';
import { registerListTasks } from './tasks/list-tasks';
import { registerMoveTask } from './tasks/move-task';
import { registerReorderTasks } from './tasks/reorder-tasks';
import { registerUpdateTask } from './tasks/update-task';

/**
 * tasks: list, get, create, update, move, reorder, delete (get, update and move are core). One file
 * a tool under tasks/; registered in this order, which is the order a session lists them in.
 */
export function registerTaskTools(kit: ToolKit): void {
  registerListTasks(kit);
  registerGetTask(kit);
  registerCreateTask(kit);
  registerUpdateTask(kit);
  registerMoveTask(kit);
  registerLinkPullRequest(kit);
  registerReorderTasks(kit);
  registerDeleteTask(kit);
}
