import { describe, expect, it } from 'vitest';
import { allEndpoints, pathParamDescription, pathParamNames } from './index';

describe('path parameter names', () => {
  it('follow one rule in every operation: {thingId} for an id, {thing} for a listed reference', () => {
    const unnamed = allEndpoints()
      .flatMap((endpoint) => pathParamNames(endpoint.path).map((name) => ({ path: endpoint.path, name })))
      .filter(({ name }) => pathParamDescription(name) === undefined);
    expect(unnamed).toEqual([]);
  });

  it('say what each accepts', () => {
    expect(pathParamDescription('task')).toBe('The task: its key (SWB-12, any case) or its id');
    expect(pathParamDescription('repositoryId')).toBe("The repository's id");
    expect(pathParamDescription('notificationId')).toBe("The notification's id");
    expect(pathParamDescription('name')).toBeUndefined();
    expect(pathParamDescription('Id')).toBeUndefined();
    expect(pathParamDescription('toString')).toBeUndefined();
  });
});
