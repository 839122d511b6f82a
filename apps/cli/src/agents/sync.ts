import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  hasAgentsBlock,
  isManaged,
  layoutFor,
  mergeAgentsMd,
  type ProfileInput,
  type SyncClient,
} from './files';

export type SyncOutcome = 'created' | 'updated' | 'unchanged' | 'removed' | 'skipped';

export interface SyncAction {
  client: SyncClient;
  path: string;
  outcome: SyncOutcome;
  /** The profile the file is for; absent for AGENTS.md, which holds them all. */
  agent?: string;
  /** Why a file was skipped. */
  reason?: string;
}

export interface SyncOptions {
  workspace: string;
  clients: readonly SyncClient[];
  /** Report what would change without writing anything. */
  dryRun?: boolean;
  /** Also replace same-named files that `agents sync` did not write. */
  force?: boolean;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Makes the workspace's agent files match the organization's profiles: writes what is missing or
 * different, leaves equal files untouched (so re-running changes nothing), and deletes files it wrote
 * for profiles that no longer exist. Files it did not write are never changed or deleted.
 */
export function syncAgents(profiles: readonly ProfileInput[], options: SyncOptions): SyncAction[] {
  const actions: SyncAction[] = [];
  const write = (path: string, content: string) => {
    if (options.dryRun) return;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  };
  const remove = (path: string) => {
    if (!options.dryRun) rmSync(path, { force: true });
  };
  const wanted = new Set(profiles.map((profile) => profile.name));

  for (const client of options.clients) {
    if (client === 'codex') {
      const path = join(options.workspace, 'AGENTS.md');
      const existing = read(path);
      const merged = mergeAgentsMd(existing, profiles);
      if (merged === null) {
        if (existing !== undefined && hasAgentsBlock(existing)) {
          remove(path);
          actions.push({ client, path, outcome: 'removed' });
        }
      } else if (merged === existing) {
        actions.push({ client, path, outcome: 'unchanged' });
      } else {
        write(path, merged);
        actions.push({ client, path, outcome: existing === undefined ? 'created' : 'updated' });
      }
      continue;
    }
    const layout = layoutFor(client, options.workspace);
    for (const profile of profiles) {
      const path = join(layout.dir, layout.fileName(profile.name));
      const content = layout.render(profile);
      const existing = read(path);
      if (existing === undefined) {
        write(path, content);
        actions.push({ client, path, agent: profile.name, outcome: 'created' });
      } else if (!isManaged(existing) && !options.force) {
        actions.push({
          client,
          path,
          agent: profile.name,
          outcome: 'skipped',
          reason: 'not written by switchboard agents sync (use --force to replace it)',
        });
      } else if (existing === content) {
        actions.push({ client, path, agent: profile.name, outcome: 'unchanged' });
      } else {
        write(path, content);
        actions.push({ client, path, agent: profile.name, outcome: 'updated' });
      }
    }
    for (const file of listDir(layout.dir).sort()) {
      const agent = layout.nameOf(file);
      if (agent === undefined || wanted.has(agent)) continue;
      const path = join(layout.dir, file);
      const existing = read(path);
      if (existing === undefined || !isManaged(existing)) continue;
      remove(path);
      actions.push({ client, path, agent, outcome: 'removed' });
    }
  }
  return actions;
}
