import { describe, expect, it } from 'vitest';
import { mergeCodexConfig, mergeJsonConfig, renderClientConfig, UnreadableConfigError } from './clients';

const url = 'http://localhost:3000/api/v1/mcp?project=SWB';
const input = (client: 'claude-code' | 'cursor' | 'codex' | 'gemini') => ({
  client,
  url,
  projectKey: 'SWB',
  workspace: '/repo',
  codexHome: '/home/ada/.codex',
});

describe('client configurations', () => {
  it('reference the key through each client’s own environment syntax, never the key', () => {
    const claude = JSON.parse(renderClientConfig(input('claude-code'), undefined).content);
    expect(claude).toEqual({
      mcpServers: {
        switchboard: { type: 'http', url, headers: { Authorization: `Bearer \${SWITCHBOARD_API_KEY}` } },
      },
    });
    const cursor = renderClientConfig(input('cursor'), undefined);
    expect(cursor.path).toBe('/repo/.cursor/mcp.json');
    expect(JSON.parse(cursor.content).mcpServers.switchboard.headers.Authorization).toBe(
      `Bearer \${env:SWITCHBOARD_API_KEY}`,
    );
    const gemini = renderClientConfig(input('gemini'), undefined);
    expect(gemini.path).toBe('/repo/.gemini/settings.json');
    expect(JSON.parse(gemini.content).mcpServers.switchboard).toEqual({
      httpUrl: url,
      headers: { Authorization: `Bearer \${SWITCHBOARD_API_KEY}` },
    });
    const codex = renderClientConfig(input('codex'), undefined);
    expect(codex).toMatchObject({
      path: '/home/ada/.codex/config.toml',
      scope: 'user',
      serverName: 'switchboard-swb',
    });
    expect(codex.content).toBe(
      `[mcp_servers.switchboard-swb]\nurl = "${url}"\nbearer_token_env_var = "SWITCHBOARD_API_KEY"\n`,
    );
  });

  it('keep every other setting and server of an existing JSON file', () => {
    const existing = JSON.stringify({
      theme: 'dark',
      mcpServers: { github: { url: 'x' }, switchboard: { url: 'old' } },
    });
    const merged = JSON.parse(mergeJsonConfig(existing, '.mcp.json', 'switchboard', { url: 'new' }));
    expect(merged).toEqual({
      theme: 'dark',
      mcpServers: { github: { url: 'x' }, switchboard: { url: 'new' } },
    });
    expect(() => mergeJsonConfig('{ broken', '.mcp.json', 'switchboard', {})).toThrow(UnreadableConfigError);
    expect(() => mergeJsonConfig('[]', '.mcp.json', 'switchboard', {})).toThrow(UnreadableConfigError);
    expect(() => mergeJsonConfig('{"mcpServers": 3}', '.mcp.json', 'switchboard', {})).toThrow(
      UnreadableConfigError,
    );
  });

  it('replace only their own table in Codex’s config.toml, sub-tables included', () => {
    const existing = [
      'model = "o4-mini"',
      '',
      '[mcp_servers.github]',
      'command = "gh-mcp"',
      '',
      '[mcp_servers.switchboard-swb]',
      'url = "http://old"',
      '',
      '[mcp_servers.switchboard-swb.env]',
      'X = "1"',
      '',
      '[profiles.fast]',
      'model = "o3"',
      '',
    ].join('\n');
    const merged = mergeCodexConfig(existing, 'switchboard-swb', url);
    expect(merged).toBe(
      [
        'model = "o4-mini"',
        '',
        '[mcp_servers.github]',
        'command = "gh-mcp"',
        '',
        '[mcp_servers.switchboard-swb]',
        `url = "${url}"`,
        'bearer_token_env_var = "SWITCHBOARD_API_KEY"',
        '',
        '[profiles.fast]',
        'model = "o3"',
        '',
      ].join('\n'),
    );
    expect(mergeCodexConfig(merged, 'switchboard-swb', url)).toBe(merged);
    const appended = mergeCodexConfig('model = "o3"\n', 'switchboard-web', url);
    expect(appended).toBe(
      `model = "o3"\n\n[mcp_servers.switchboard-web]\nurl = "${url}"\nbearer_token_env_var = "SWITCHBOARD_API_KEY"\n`,
    );
  });
});
