import { describe, expect, it } from 'vitest';
import { COMMANDS, createProgram, requestedCommands } from './program';
import { testContext } from './test-context';

describe('requestedCommands', () => {
  it('finds the command to load, skipping global options and their values', () => {
    expect(requestedCommands([])).toEqual([]);
    expect(requestedCommands(['--version'])).toEqual([]);
    expect(requestedCommands(['task', 'list', '--json'])).toEqual(['task']);
    expect(requestedCommands(['--api-url', 'http://x', 'org', 'use', 'acme'])).toEqual(['org']);
    expect(requestedCommands(['--api-url=http://x', 'login'])).toEqual(['login']);
    expect(requestedCommands(['help', 'mcp'])).toEqual(['mcp']);
    expect(requestedCommands(['help'])).toEqual([]);
  });
});

describe('createProgram', () => {
  it('lists every command by name and summary without loading them, and loads the one asked for', async () => {
    const program = await createProgram(['task', 'list'], testContext());
    expect(program.commands.map((command) => command.name())).toEqual(Object.keys(COMMANDS));
    const task = program.commands.find((command) => command.name() === 'task');
    expect(task?.commands.map((command) => command.name())).toEqual(['list', 'show', 'create', 'move']);
    const login = program.commands.find((command) => command.name() === 'login');
    expect(login?.options).toEqual([]);
  });
});
