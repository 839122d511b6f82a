import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handWrittenRestPaths } from '@switchboard/api-client/testing';
import { expect, it } from 'vitest';

it('writes no REST path of ours by hand: every call goes through the endpoint descriptors', () => {
  expect(handWrittenRestPaths(dirname(fileURLToPath(import.meta.url)))).toEqual([]);
});
