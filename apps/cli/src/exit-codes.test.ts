import { ApiError } from '@switchboard/api-client/errors';
import { CommanderError, InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  CliError,
  describeError,
  EXIT_CODES,
  exitCodeFor,
  NotFoundError,
  UsageError,
} from './exit-codes';

function apiError(status: number, code?: string): ApiError {
  return new ApiError({
    status,
    statusText: 'x',
    body: code === undefined ? undefined : { error: { code, message: 'm' } },
  });
}

describe('exitCodeFor', () => {
  it('keeps the documented numbers', () => {
    expect(EXIT_CODES).toEqual({ OK: 0, FAILURE: 1, USAGE: 2, AUTH: 3, NOT_FOUND: 4, PLAN_LIMIT: 5 });
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

  it('maps API errors by their registry code, never by the HTTP status', () => {
    expect(exitCodeFor(apiError(401, 'UNAUTHENTICATED'))).toBe(3);
    expect(exitCodeFor(apiError(403, 'FORBIDDEN'))).toBe(3);
    expect(exitCodeFor(apiError(403, 'NO_ACTIVE_ORGANIZATION'))).toBe(3);
    expect(exitCodeFor(apiError(401, 'UNAUTHORIZED_SESSION'))).toBe(3);
    expect(exitCodeFor(apiError(404, 'NOT_FOUND'))).toBe(4);
    expect(exitCodeFor(apiError(404, 'TASK_NOT_FOUND'))).toBe(4);
    expect(exitCodeFor(apiError(404, 'PROJECT_NOT_FOUND'))).toBe(4);
    expect(exitCodeFor(apiError(404, 'AGENT_NOT_FOUND'))).toBe(4);
    expect(exitCodeFor(apiError(400, 'VALIDATION_FAILED'))).toBe(2);
    expect(exitCodeFor(apiError(402, 'PLAN_LIMIT_REACHED'))).toBe(5);
    expect(exitCodeFor(apiError(409, 'CONFLICT'))).toBe(1);
    expect(exitCodeFor(apiError(409, 'VERSION_CONFLICT'))).toBe(1);
    expect(exitCodeFor(apiError(500))).toBe(1);
    expect(exitCodeFor(new ApiError({ status: 500, statusText: 'Fetch Error' }))).toBe(1);
  });

  it('does not read a status without a registry code as a verdict (a proxy page, an older server)', () => {
    expect(exitCodeFor(apiError(404))).toBe(1);
    expect(exitCodeFor(apiError(401))).toBe(1);
    expect(exitCodeFor(apiError(404, 'SOMETHING_UNKNOWN'))).toBe(1);
  });
  it('treats anything else as a failure', () => {
    expect(exitCodeFor(new Error('unexpected'))).toBe(1);
    expect(exitCodeFor(new TypeError('x is undefined'))).toBe(1);
    expect(exitCodeFor('a thrown string')).toBe(1);
    expect(exitCodeFor(undefined)).toBe(1);
  });
});

describe('describeError', () => {
  it("prints the server's message, with the next step for the codes that have one", () => {
    const notFound = new ApiError({
      status: 404,
      statusText: 'Not Found',
      body: { error: { code: 'TASK_NOT_FOUND', message: 'There is no task SWB-9 in this organization.' } },
    });
    expect(describeError(notFound)).toBe('error: There is no task SWB-9 in this organization.');
    const loggedOut = new ApiError({
      status: 401,
      statusText: 'Unauthorized',
      body: { error: { code: 'UNAUTHENTICATED', message: 'Not authorized' } },
    });
    expect(describeError(loggedOut)).toMatch(/^error: Not authorized\n.*switchboard login/);
    const limited = new ApiError({
      status: 402,
      statusText: 'Payment Required',
      body: { error: { code: 'PLAN_LIMIT_REACHED', message: 'The Free plan allows 1 project.' } },
    });
    expect(describeError(limited)).toMatch(/^error: The Free plan allows 1 project\.\n.*Settings → Billing/);
  });

  it("prints better-auth's and OAuth's own words, never a bare '400 Bad Request'", () => {
    const betterAuth = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      body: { code: 'INVALID_ORIGIN', message: 'Invalid origin' },
    });
    expect(describeError(betterAuth)).toBe('error: Invalid origin');
    const oauth = new ApiError({
      status: 400,
      statusText: 'Bad Request',
      body: { error: 'invalid_client', error_description: 'Unknown client id' },
    });
    expect(describeError(oauth)).toBe('error: Unknown client id');
  });
});
