import { existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { scratchRepository } from '../testing/scratch-repository';
import { localScaffoldTools } from './local-scaffold-tools';
import type { RemoteToolCall } from './local-tool';

function rendered(files: { path: string; content: string }[]): CallToolResult {
  const structured = { files, instruction: 'Fill in the service.', warnings: [] };
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

function setUp(files: { path: string; content: string }[]) {
  const repo = scratchRepository();
  const calls: [string, Record<string, unknown>][] = [];
  const remote: RemoteToolCall = async (name, args) => {
    calls.push([name, args]);
    return rendered(files);
  };
  const [useBoilerplate, useScaffoldMethod] = localScaffoldTools({ root: repo.root });
  if (!useBoilerplate || !useScaffoldMethod) throw new Error('two tools expected');
  return { repo, remote, calls, useBoilerplate, useScaffoldMethod };
}

describe('the local scaffold tools', () => {
  it('write the rendered files under the project folder and pass the task on to the server', async () => {
    const { repo, remote, calls, useScaffoldMethod } = setUp([
      { path: 'src/services/BillingService.ts', content: 'export class BillingService {}\n' },
    ]);
    const result = await useScaffoldMethod.call(
      {
        scaffold_feature_name: 'scaffold-service',
        variables: { serviceName: 'billing' },
        projectPath: 'apps/api',
        task: 'SWB-3',
      },
      remote,
    );
    expect(calls).toEqual([
      [
        'use-scaffold-method',
        { scaffold_feature_name: 'scaffold-service', variables: { serviceName: 'billing' }, task: 'SWB-3' },
      ],
    ]);
    expect(result.structuredContent).toEqual({
      createdFiles: ['apps/api/src/services/BillingService.ts'],
      existingFiles: [],
      warnings: [],
      instruction: 'Fill in the service.',
    });
    expect(readFileSync(join(repo.root, 'apps/api/src/services/BillingService.ts'), 'utf8')).toBe(
      'export class BillingService {}\n',
    );
  });

  it('leave an existing file untouched and report it', async () => {
    const { repo, remote, useBoilerplate } = setUp([
      { path: 'packages/lib/package.json', content: '{"name":"lib"}\n' },
      { path: 'packages/lib/README.md', content: '# lib\n' },
    ]);
    repo.write('packages/lib/package.json', 'mine\n');
    const result = await useBoilerplate.call({ boilerplateName: 'lib', variables: {} }, remote);
    expect(result.structuredContent).toMatchObject({
      createdFiles: ['packages/lib/README.md'],
      existingFiles: ['packages/lib/package.json'],
      warnings: ['packages/lib/package.json already exists; it was left unchanged.'],
    });
    expect(readFileSync(join(repo.root, 'packages/lib/package.json'), 'utf8')).toBe('mine\n');
  });

  it('refuse targets outside the repository, writing nothing, even through a symbolic link', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'switchboard-outside-'));
    const escaping = setUp([
      { path: 'src/ok.ts', content: 'ok\n' },
      { path: '../escape.ts', content: 'no\n' },
    ]);
    const refused = await escaping.useScaffoldMethod.call(
      { scaffold_feature_name: 'x', variables: {} },
      escaping.remote,
    );
    expect(refused).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'VALIDATION_FAILED: The path "../escape.ts" leads outside the repository; nothing was written.',
        },
      ],
    });
    expect(existsSync(join(escaping.repo.root, 'src/ok.ts'))).toBe(false);

    const linked = setUp([{ path: 'out/escape.ts', content: 'no\n' }]);
    symlinkSync(outside, join(linked.repo.root, 'out'));
    const throughLink = await linked.useScaffoldMethod.call({ scaffold_feature_name: 'x' }, linked.remote);
    expect(throughLink.isError).toBe(true);
    expect(existsSync(join(outside, 'escape.ts'))).toBe(false);

    const folder = await linked.useBoilerplate.call(
      { boilerplateName: 'lib', targetFolder: '../elsewhere' },
      linked.remote,
    );
    expect(folder.isError).toBe(true);
    expect(folder.content).toEqual([
      {
        type: 'text',
        text: 'VALIDATION_FAILED: The targetFolder "../elsewhere" leads outside the repository.',
      },
    ]);
    const rendersBefore = linked.calls.length;
    const projectPath = await linked.useScaffoldMethod.call(
      { scaffold_feature_name: 'x', projectPath: '../..', task: 'SWB-3' },
      linked.remote,
    );
    expect(projectPath.content).toEqual([
      {
        type: 'text',
        text: 'VALIDATION_FAILED: The project path "../.." leads outside the repository; give a folder relative to the repository root. Nothing was written.',
      },
    ]);
    // Refused before the server renders, so nothing is recorded on the task either.
    expect(linked.calls.length).toBe(rendersBefore);
  });

  it("pass the server's refusal through unchanged and refuse arguments they do not know", async () => {
    const { useScaffoldMethod } = setUp([]);
    const serverRefusal: CallToolResult = {
      isError: true,
      content: [{ type: 'text', text: 'serviceName: must be a string' }],
    };
    const result = await useScaffoldMethod.call(
      { scaffold_feature_name: 'x', variables: { serviceName: 3 } },
      async () => serverRefusal,
    );
    expect(result).toBe(serverRefusal);
    const unknown = await useScaffoldMethod.call({ feature: 'x' }, async () => serverRefusal);
    expect(unknown.isError).toBe(true);
    expect(unknown.content[0]).toMatchObject({ text: expect.stringMatching(/^VALIDATION_FAILED: /) });
  });
});
