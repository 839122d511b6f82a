import { AGENT_IDLE_AFTER_MS } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { type AgentSessionRow, effectiveStatus } from '../domain/agents/sessions';
import { mcpConfigFor } from '../routes/mcp-config';

describe('mcpConfigFor', () => {
  it('points at the API URL (trailing slash or not) with the project bound', () => {
    for (const apiUrl of ['https://sb.example.com', 'https://sb.example.com/']) {
      const config = mcpConfigFor(apiUrl, 'SWB');
      expect(config.url).toBe('https://sb.example.com/api/v1/mcp?project=SWB');
      expect(config.claudeCode.content.mcpServers.switchboard?.url).toBe(config.url);
      expect(config.cursor.content.mcpServers.switchboard?.headers.Authorization).toBe(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Cursor expands ${env:…}, not JavaScript
        'Bearer ${env:SWITCHBOARD_API_KEY}',
      );
    }
  });
});

describe('effectiveStatus', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const row = (status: AgentSessionRow['status'], quietMs: number) =>
    ({ status, lastSeenAt: new Date(now.getTime() - quietMs) }) as AgentSessionRow;

  it('derives idle from the last call; awaiting input and ended stay as they are', () => {
    expect(effectiveStatus(row('active', 1000), now)).toBe('active');
    expect(effectiveStatus(row('active', AGENT_IDLE_AFTER_MS + 1000), now)).toBe('idle');
    expect(effectiveStatus(row('awaiting_input', AGENT_IDLE_AFTER_MS * 10), now)).toBe('awaiting_input');
    expect(effectiveStatus(row('ended', AGENT_IDLE_AFTER_MS * 10), now)).toBe('ended');
  });
});
