/**
 * The largest plan a project takes: 50 work units of 9 tasks, each task waiting for the one before,
 * 500 items in all. The API test and the acceptance benchmark accept this same plan.
 */
export function largePlanItems(): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  for (let unit = 1; unit <= 50; unit++) {
    items.push({ key: `W${unit}`, kind: 'work_unit', title: `Unit ${unit}` });
    for (let task = 1; task <= 9; task++) {
      items.push({
        key: `W${unit}T${task}`,
        kind: 'task',
        parent: `W${unit}`,
        title: `Task ${task} of unit ${unit}`,
        acceptanceCriteria: ['It works'],
        dependsOn: task > 1 ? [`W${unit}T${task - 1}`] : [],
      });
    }
  }
  return items;
}
