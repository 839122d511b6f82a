import type { McpConfig } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import {
  configFilesOf,
  containsKey,
  exportLine,
  referencedVariables,
  renderConfigFile,
  shellWord,
} from './mcp-config';

const url = 'http://127.0.0.1:3000/api/v1/mcp?project=SWB';
const config: McpConfig = {
  url,
  claudeCode: {
    path: '.mcp.json',
    content: {
      mcpServers: {
        switchboard: { type: 'http', url, headers: { Authorization: `Bearer \${SWITCHBOARD_API_KEY}` } },
      },
    },
  },
  cursor: {
    path: '.cursor/mcp.json',
    content: {
      mcpServers: { switchboard: { url, headers: { Authorization: `Bearer \${env:SWITCHBOARD_API_KEY}` } } },
    },
  },
  env: { SWITCHBOARD_API_KEY: 'create a key in Settings → API keys' },
};

describe('configFilesOf', () => {
  it('renders each client file as the exact text to write', () => {
    const [claude, cursor] = configFilesOf(config);
    expect(claude).toEqual({
      client: 'Claude Code',
      path: '.mcp.json',
      text: `{
  "mcpServers": {
    "switchboard": {
      "type": "http",
      "url": "${url}",
      "headers": {
        "Authorization": "Bearer \${SWITCHBOARD_API_KEY}"
      }
    }
  }
}
`,
    });
    expect(cursor?.path).toBe('.cursor/mcp.json');
    expect(cursor?.text).toContain(`"Authorization": "Bearer \${env:SWITCHBOARD_API_KEY}"`);
    expect(JSON.parse(cursor?.text ?? '')).toEqual(config.cursor.content);
  });

  it('files reference the variable in each client’s syntax, never a key', () => {
    const key = 'sb_secretsecretsecret';
    for (const file of configFilesOf(config)) {
      expect(referencedVariables(file.text)).toEqual(['SWITCHBOARD_API_KEY']);
      expect(containsKey(file.text, key)).toBe(false);
    }
    expect(containsKey(`token ${key}`, key)).toBe(true);
    expect(containsKey('anything', '')).toBe(false);
  });
});

describe('exportLine', () => {
  it('is one shell line for the variable the files read', () => {
    expect(exportLine('sb_AbC123xyz')).toBe('export SWITCHBOARD_API_KEY=sb_AbC123xyz');
  });

  it('quotes anything a shell would split or expand', () => {
    expect(shellWord("it's $HOME")).toBe(`'it'\\''s $HOME'`);
    expect(renderConfigFile({ a: 1 })).toBe('{\n  "a": 1\n}\n');
  });
});
