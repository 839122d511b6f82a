import { ApiError } from '@switchboard/api-client/errors';
import { CommanderError, InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { AuthError, CliError, EXIT_CODES, exitCodeFor, NotFoundError, UsageError } from './exit-codes';

function apiError(status: number, code?: string): ApiError {
  return new ApiError({
    status,
    statusText: 'x',
    body: code === undefined ? undefined : { error: { code, message: 'm' } },
  });
}

describe('exitCodeFor', () => {
  it('keeps the documented numbers', () => {
    expect(EXIT_CODES).toEqual({ OK: 0, FAILURE: 1, USAGE: 2, AUTH: 3, NOT_FOUND: 4 });
  });

  it('uses the exit code a CLI error carries', () => {
    expect(exitCodeFor(new CliError('boom'))).toBe(1);
    expect(exitCodeFor(new UsageError('--limit must be a number'))).toBe(2);
    expect(exitCodeFor(new AuthError('not logged in'))).toBe(3);
    expect(exitCodeFor(new NotFoundError('no project SWB'))).toBe(4);
    expect(exitCodeFor(new CliError('custom', EXIT_CODES.NOT_FOUND))).toBe(4);
  });

  it('treats commander help and version as success', () => {
    expect(exitCodeFor(new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)'))).toBe(0);
    expect(exitCodeFor(new CommanderError(0, 'commander.version', '0.1.0'))).toBe(0);
  });

  it('treats every other commander error as a usage error', () => {
    expect(exitCodeFor(new CommanderError(1, 'commander.unknownOption', "unknown option '--x'"))).toBe(2);
    expect(exitCodeFor(new CommanderError(1, 'commander.unknownCommand', "unknown command 'x'"))).toBe(2);
    expect(exitCodeFor(new CommanderError(1, 'commander.missingArgument', 'missing'))).toBe(2);
    expect(exitCodeFor(new CommanderError(1, 'commander.help', '(outputHelp)'))).toBe(2);
    expect(exitCodeFor(new InvalidArgumentError('not a URL'))).toBe(2);
  });

  it('maps API errors by status', () => {
    expect(exitCodeFor(apiError(401, 'UNAUTHENTICATED'))).toBe(3);
    expect(exitCodeFor(apiError(403, 'FORBIDDEN'))).toBe(3);
    expect(exitCodeFor(apiError(404, 'NOT_FOUND'))).toBe(4);
    expect(exitCodeFor(apiError(404))).toBe(4);
    expect(exitCodeFor(apiError(400, 'VALIDATION_FAILED'))).toBe(1);
    expect(exitCodeFor(apiError(409, 'CONFLICT'))).toBe(1);
    expect(exitCodeFor(apiError(500))).toBe(1);
    expect(exitCodeFor(new ApiError({ status: 500, statusText: 'Fetch Error' }))).toBe(1);
  });

  it('treats anything else as a failure', () => {
    expect(exitCodeFor(new Error('unexpected'))).toBe(1);
    expect(exitCodeFor(new TypeError('x is undefined'))).toBe(1);
    expect(exitCodeFor('a thrown string')).toBe(1);
    expect(exitCodeFor(undefined)).toBe(1);
  });
});
