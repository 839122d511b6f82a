import { describe, expect, it } from 'vitest';
import { endpointGroupLoaders } from './group-loaders';
import { endpoints } from './index';

describe('endpointGroupLoaders', () => {
  it('loads every group of endpoints, and each to the very descriptors endpoints holds', async () => {
    expect(Object.keys(endpointGroupLoaders).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, load] of Object.entries(endpointGroupLoaders)) {
      expect(await load(), name).toBe(endpoints[name as keyof typeof endpoints]);
    }
  });
});
