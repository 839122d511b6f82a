import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handWrittenRestPaths } from '@switchboard/api-client/testing';
import { describe, expect, it } from 'vitest';

const sourceRoot = dirname(fileURLToPath(import.meta.url));

describe('REST paths in the web app', () => {
  it('are written only in the endpoint descriptors', () => {
    expect(handWrittenRestPaths(sourceRoot)).toEqual([]);
  });
});
