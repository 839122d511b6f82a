/** How people and agents name things: SWB-12 for a task, SWB-WU-3 for a work unit (any case). */
const TASK_KEY = /^([a-z]{2,6})-(\d{1,9})$/i;
const WORK_UNIT_KEY = /^([a-z]{2,6})-wu-(\d{1,9})$/i;

export interface NumberedReference {
  projectKey: string;
  number: number;
}

function parse(pattern: RegExp, reference: string): NumberedReference | null {
  const match = pattern.exec(reference.trim());
  if (!match?.[1] || !match[2]) return null;
  return { projectKey: match[1].toUpperCase(), number: Number(match[2]) };
}

export const parseTaskKey = (reference: string) => parse(TASK_KEY, reference);
export const parseWorkUnitKey = (reference: string) => parse(WORK_UNIT_KEY, reference);

export const taskKey = (projectKey: string, number: number) => `${projectKey}-${number}`;
export const workUnitKey = (projectKey: string, number: number) => `${projectKey}-WU-${number}`;
