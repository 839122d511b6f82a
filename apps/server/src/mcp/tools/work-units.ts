import type { ToolKit } from '../tooling';
import { registerCreateWorkUnit } from './work-units/create-work-unit';
import { registerDeleteWorkUnit } from './work-units/delete-work-unit';
import { registerGetWorkUnit } from './work-units/get-work-unit';
import { registerListWorkUnits } from './work-units/list-work-units';
import { registerUpdateWorkUnit } from './work-units/update-work-unit';

/**
 * work-units: list, get (tasks embedded), create, update, delete. One file a tool under work-units/;
 * registered in this order, which is the order a session lists them in.
 */
export function registerWorkUnitTools(kit: ToolKit): void {
  registerListWorkUnits(kit);
  registerGetWorkUnit(kit);
  registerCreateWorkUnit(kit);
  registerUpdateWorkUnit(kit);
  registerDeleteWorkUnit(kit);
}
