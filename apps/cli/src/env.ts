import { homedir, hostname } from 'node:os';
import { join } from 'node:path';

/**
 * Everything the CLI reads from its environment, read once here (the only file allowed to touch
 * process.env) and handed to the code that needs it.
 */
export interface CliEnv {
  /** SWITCHBOARD_API_URL: the server, when --api-url is not given. */
  apiUrl: string | undefined;
  /**
   * Where the CLI keeps its settings and credentials: $XDG_CONFIG_HOME/switchboard when that is set
   * (on every platform), else the platform's user config folder (configFolderFor).
   */
  configDir: string;
  /** SWITCHBOARD_API_KEY: an API key `mcp serve` may use instead of the stored login. */
  apiKey: string | undefined;
  /** The user's home folder (HOME), for user-scoped client configuration. */
  home: string;
  /** CODEX_HOME, else ~/.codex: where Codex reads config.toml. */
  codexHome: string;
  /** SWITCHBOARD_DEVICE_NAME, else the host name: how this computer is named on the server. */
  deviceName: string;
  /** NO_COLOR or a dumb terminal: no colours, no spinner animation. */
  plain: boolean;
}

/**
 * The platform's folder for a user's settings, the one conf chose before the CLI decided it itself:
 * ~/.config/switchboard on Linux, ~/Library/Preferences/switchboard on macOS,
 * %APPDATA%\switchboard\Config on Windows.
 */
function configFolderFor(platform: NodeJS.Platform, home: string, appData: string | undefined): string {
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'switchboard');
  if (platform === 'win32') return join(appData ?? join(home, 'AppData', 'Roaming'), 'switchboard', 'Config');
  return join(home, '.config', 'switchboard');
}

export function readCliEnv(
  source: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): CliEnv {
  const value = (name: string) => {
    const raw = source[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };
  const home = value('HOME') ?? value('USERPROFILE') ?? homedir();
  const xdg = value('XDG_CONFIG_HOME');
  return {
    apiUrl: value('SWITCHBOARD_API_URL'),
    configDir: xdg ? join(xdg, 'switchboard') : configFolderFor(platform, home, value('APPDATA')),
    apiKey: value('SWITCHBOARD_API_KEY'),
    home,
    codexHome: value('CODEX_HOME') ?? join(home, '.codex'),
    deviceName: value('SWITCHBOARD_DEVICE_NAME') ?? hostname(),
    plain: source.NO_COLOR !== undefined || source.TERM === 'dumb',
  };
}
