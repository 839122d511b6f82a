import { join } from 'node:path';
import * as z from 'zod';
import { OwnerOnlyJsonFile } from './owner-only-json-file';

/** A login on one server: the bearer session token the device flow issued, and who it is. */
const credentialSchema = z.object({
  token: z.string().min(1),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  deviceName: z.string().optional(),
  createdAt: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** A git repository linked to a project (`project use`), keyed by the repository's root folder. */
const linkSchema = z.object({
  server: z.string(),
  organizationId: z.string(),
  projectId: z.string(),
  projectKey: z.string(),
  projectName: z.string(),
});
export type ProjectLink = z.infer<typeof linkSchema>;

/** An API key `mcp install` created, kept so the next install reuses it (the server shows it only once). */
const storedKeySchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type StoredKey = z.infer<typeof storedKeySchema>;

const storeSchema = z.object({
  /** The server used when neither --api-url nor SWITCHBOARD_API_URL says otherwise. */
  apiUrl: z.string().optional().catch(undefined),
  credentials: z.record(z.string(), credentialSchema).catch(() => ({})),
  links: z.record(z.string(), linkSchema).catch(() => ({})),
  apiKeys: z.record(z.string(), storedKeySchema).catch(() => ({})),
});
type Store = z.infer<typeof storeSchema>;

export interface CliConfigOptions {
  /** Folder of config.json. */
  configDir: string;
}

/**
 * The CLI's settings and secrets in one JSON file, config.json, readable only by its owner (see
 * OwnerOnlyJsonFile). Credentials, links and keys are keyed by server, so logging in to a second
 * server never mixes the two up.
 */
export class CliConfig {
  private readonly file: OwnerOnlyJsonFile;

  constructor(options: CliConfigOptions) {
    this.file = new OwnerOnlyJsonFile(join(options.configDir, 'config.json'));
  }

  /** Where the file lives (for `whoami` and error messages). */
  get path(): string {
    return this.file.path;
  }

  private read(): Store {
    const parsed = storeSchema.safeParse(this.file.read());
    return parsed.success ? parsed.data : { credentials: {}, links: {}, apiKeys: {} };
  }

  private write(change: (store: Store) => void): void {
    const store = this.read();
    change(store);
    this.file.write(store);
  }

  get apiUrl(): string | undefined {
    return this.read().apiUrl;
  }

  set apiUrl(value: string | undefined) {
    this.write((store) => {
      store.apiUrl = value;
    });
  }

  credential(server: string): Credential | undefined {
    return this.read().credentials[server];
  }

  setCredential(server: string, credential: Credential): void {
    this.write((store) => {
      store.credentials[server] = credential;
    });
  }

  forgetCredential(server: string): void {
    this.write((store) => {
      delete store.credentials[server];
    });
  }

  link(repository: string): ProjectLink | undefined {
    return this.read().links[repository];
  }

  setLink(repository: string, link: ProjectLink): void {
    this.write((store) => {
      store.links[repository] = link;
    });
  }

  storedKey(id: string): StoredKey | undefined {
    return this.read().apiKeys[id];
  }

  setStoredKey(id: string, key: StoredKey | undefined): void {
    this.write((store) => {
      if (key) store.apiKeys[id] = key;
      else delete store.apiKeys[id];
    });
  }
}
