import { describe, expect, it } from 'vitest';
import { parseTaskKey, parseWorkUnitKey, taskKey, workUnitKey } from './references';

describe('references', () => {
  it('reads task keys in any case', () => {
    expect(parseTaskKey('SWB-12')).toEqual({ projectKey: 'SWB', number: 12 });
    expect(parseTaskKey('swb-12')).toEqual({ projectKey: 'SWB', number: 12 });
    expect(parseTaskKey('SWB-WU-3')).toBeNull();
    expect(parseTaskKey('0b6f1c3e-8d1a-4c55-9a77-0e0d1f2a3b4c')).toBeNull();
  });

  it('reads work-unit keys in any case', () => {
    expect(parseWorkUnitKey('SWB-WU-3')).toEqual({ projectKey: 'SWB', number: 3 });
    expect(parseWorkUnitKey('swb-wu-3')).toEqual({ projectKey: 'SWB', number: 3 });
    expect(parseWorkUnitKey('SWB-3')).toBeNull();
  });

  it('writes them', () => {
    expect(taskKey('SWB', 12)).toBe('SWB-12');
    expect(workUnitKey('SWB', 3)).toBe('SWB-WU-3');
  });
});
