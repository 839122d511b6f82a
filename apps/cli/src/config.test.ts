import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliConfig } from './config';
import { createRuntime, DEFAULT_API_URL } from './context';
import { readCliEnv } from './env';
import { testContext } from './test-context';

const credential = {
  token: 'secret-token',
  userId: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('CliConfig', () => {
  it('keeps credentials per server in a 0600 file inside a 0700 folder', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'switchboard-config-')), 'switchboard');
    const config = new CliConfig({ configDir: dir });
    config.setCredential('http://a.test', credential);
    expect(config.path).toBe(join(dir, 'config.json'));
    expect(statSync(config.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(config.credential('http://a.test')?.token).toBe('secret-token');
    expect(config.credential('http://b.test')).toBeUndefined();
    config.forgetCredential('http://a.test');
    expect(JSON.parse(readFileSync(config.path, 'utf8')).credentials).toEqual({});
  });

  it('reads a damaged file as empty rather than crashing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ credentials: 'nonsense', links: 3 }));
    const config = new CliConfig({ configDir: dir });
    expect(config.credential('http://a.test')).toBeUndefined();
    expect(config.link('/repo')).toBeUndefined();
  });

  it('refuses a file that is not JSON, naming it, instead of wiping the logins it may hold', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
    writeFileSync(join(dir, 'config.json'), '{"credentials": {');
    const config = new CliConfig({ configDir: dir });
    expect(() => config.credential('http://a.test')).toThrow(`${join(dir, 'config.json')} is not valid JSON`);
    expect(() => config.setCredential('http://a.test', credential)).toThrow('delete it to start afresh');
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe('{"credentials": {');
  });

  it('replaces the file whole, leaving no temporary file beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
    const config = new CliConfig({ configDir: dir });
    config.setCredential('http://a.test', credential);
    config.apiUrl = 'http://a.test';
    expect(readdirSync(dir)).toEqual(['config.json']);
    expect(JSON.parse(readFileSync(config.path, 'utf8'))).toMatchObject({
      apiUrl: 'http://a.test',
      credentials: { 'http://a.test': credential },
    });
  });
});

describe('the API URL', () => {
  it('comes from --api-url, else SWITCHBOARD_API_URL, else the stored setting, else localhost:3000', () => {
    const dir = mkdtempSync(join(tmpdir(), 'switchboard-config-'));
    const config = new CliConfig({ configDir: dir });
    const runtimeFor = (vars: Record<string, string>, apiUrl?: string) =>
      createRuntime(testContext({ env: readCliEnv({ HOME: dir, ...vars }), config }), { apiUrl });
    expect(runtimeFor({}).server).toBe(DEFAULT_API_URL);
    config.apiUrl = 'https://stored.example.com/';
    expect(runtimeFor({})).toMatchObject({
      server: 'https://stored.example.com',
      serverSource: 'stored',
    });
    const fromEnv = runtimeFor({ SWITCHBOARD_API_URL: 'http://env.test:3000' });
    expect(fromEnv).toMatchObject({ server: 'http://env.test:3000', serverSource: 'environment' });
    const fromFlag = runtimeFor({ SWITCHBOARD_API_URL: 'http://env.test:3000' }, 'http://flag.test');
    expect(fromFlag).toMatchObject({ server: 'http://flag.test', serverSource: 'flag' });
    expect(() => runtimeFor({ SWITCHBOARD_API_URL: 'ftp://x' })).toThrow('SWITCHBOARD_API_URL');
  });

  it("puts the config under XDG_CONFIG_HOME when it is set, else in the platform's folder under the given home", () => {
    expect(readCliEnv({ HOME: '/home/ada', XDG_CONFIG_HOME: '/xdg' }).configDir).toBe('/xdg/switchboard');
    expect(readCliEnv({ HOME: '/home/ada' }, 'linux').configDir).toBe('/home/ada/.config/switchboard');
    expect(readCliEnv({ HOME: '/Users/ada' }, 'darwin').configDir).toBe(
      '/Users/ada/Library/Preferences/switchboard',
    );
    expect(readCliEnv({ HOME: '/home/ada' }).codexHome).toBe('/home/ada/.codex');
  });
});
