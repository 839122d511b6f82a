import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileIsThere, shellWord, startLines } from './start-command';

describe('shellWord', () => {
  it('leaves plain words alone and single-quotes the rest', () => {
    expect(shellWord('/home/ada/shop-worktrees/swb-1-a')).toBe('/home/ada/shop-worktrees/swb-1-a');
    expect(shellWord('/home/ada/my code')).toBe("'/home/ada/my code'");
    expect(shellWord("it's $HOME")).toBe("'it'\\''s $HOME'");
  });
});

describe('startLines', () => {
  const base = { key: 'SWB-12', worktree: '/w/swb-12-a', profilePresent: true } as const;

  it('starts the chosen profile in the worktree, syncing it first when the checkout lacks it', () => {
    expect(
      startLines({ ...base, client: 'claude-code', agent: 'backend-dev', profilePresent: false }),
    ).toEqual([
      'cd /w/swb-12-a',
      'switchboard agents sync --client claude-code',
      "# SWITCHBOARD_API_KEY must be backend-dev's key: `switchboard mcp install --client claude-code --agent backend-dev` prints it",
      "claude 'Use the backend-dev subagent to work on SWB-12; its brief is .switchboard/task.md'",
    ]);
  });

  it('speaks each client', () => {
    const last = (client: 'codex' | 'gemini' | 'cursor') =>
      startLines({ ...base, client, agent: 'qa' }).at(-1);
    expect(last('codex')).toBe(
      "codex 'Act as qa (see AGENTS.md) and work on SWB-12; its brief is .switchboard/task.md'",
    );
    expect(last('gemini')).toBe(
      "gemini -i 'Use the qa agent to work on SWB-12; its brief is .switchboard/task.md'",
    );
    expect(last('cursor')).toBe(
      "cursor-agent 'Follow the agent-qa rule and work on SWB-12; its brief is .switchboard/task.md'",
    );
  });

  it('without a profile, names only the task', () => {
    expect(startLines({ ...base, client: 'claude-code', agent: undefined })).toEqual([
      'cd /w/swb-12-a',
      "claude 'Work on SWB-12; its brief is .switchboard/task.md'",
    ]);
  });
});

describe('profileIsThere', () => {
  it('looks where agents sync writes for the client', () => {
    const worktree = mkdtempSync(join(tmpdir(), 'switchboard-start-'));
    expect(profileIsThere('claude-code', worktree, 'qa')).toBe(false);
    mkdirSync(join(worktree, '.claude', 'agents'), { recursive: true });
    writeFileSync(join(worktree, '.claude', 'agents', 'qa.md'), '---\nname: qa\n---\n');
    expect(profileIsThere('claude-code', worktree, 'qa')).toBe(true);
    expect(profileIsThere('codex', worktree, 'qa')).toBe(false);
  });
});
