import { describe, expect, it } from 'vitest';
import { isManaged, mergeAgentsMd, type ProfileInput, renderClaudeAgent, renderGeminiAgent } from './files';

const profile: ProfileInput = {
  name: 'backend-dev',
  description: 'Builds: the "API"',
  instructions: 'Write tests first.',
  model: null,
  tools: [],
};

describe('agent files', () => {
  it('quote descriptions so any text is valid YAML, and carry the managed marker as a YAML comment', () => {
    const text = renderClaudeAgent(profile);
    expect(text).toContain('description: "Builds: the \\"API\\""');
    expect(text.split('\n')[1]).toMatch(/^# managed by `switchboard agents sync`/);
    expect(isManaged(text)).toBe(true);
    expect(isManaged('---\nname: mine\n---\n')).toBe(false);
  });

  it('fall back to a sentence when a profile has no instructions', () => {
    expect(renderClaudeAgent({ ...profile, instructions: '  ' })).toContain(
      '\nYou are the backend-dev agent. Builds: the "API"\n',
    );
  });

  it("write Gemini subagents in Gemini's format: its tool names, and a model only when it is Gemini's", () => {
    const claudeish = {
      ...profile,
      model: 'claude-sonnet-4-5',
      tools: ['Read', 'Grep', 'Task', 'read_file'],
    };
    const text = renderGeminiAgent(claudeish);
    expect(text).toContain('kind: local\ntools:\n  - "read_file"\n  - "grep_search"\n---');
    expect(text).not.toContain('model:');
    expect(renderGeminiAgent({ ...profile, model: 'gemini-2.5-pro' })).toContain('model: "gemini-2.5-pro"');
    // Tools with no Gemini counterpart never widen to every tool.
    expect(renderGeminiAgent({ ...profile, tools: ['NotebookEdit'] })).toContain('tools: []\n');
    expect(renderGeminiAgent(profile)).not.toContain('tools');
  });

  it('keep AGENTS.md text outside the managed block, and drop the block when no profile is left', () => {
    const first = mergeAgentsMd('# Ours\n', [profile]);
    expect(first).toMatch(/^# Ours\n\n<!-- switchboard:agents begin/);
    const second = mergeAgentsMd(`${first}\n## Later notes\n`, [{ ...profile, name: 'reviewer' }]);
    expect(second).toContain('### reviewer');
    expect(second).not.toContain('### backend-dev');
    expect(second).toContain('## Later notes');
    expect(mergeAgentsMd(second ?? '', [])).toBe('# Ours\n\n## Later notes\n');
    expect(mergeAgentsMd(mergeAgentsMd(undefined, [profile]) ?? '', [])).toBeNull();
    expect(mergeAgentsMd('# Untouched  \n', [])).toBe('# Untouched  \n');
  });
});
