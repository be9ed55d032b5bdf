// pi 0.73's AuthStorage: provider credentials in auth.json (the agent dir's, 0600), or in memory,
// behind a storage backend, with runtime keys (--api-key) over stored ones and a fallback
// resolver (e.g. environment variables) under them. OAuth log-in is pi-kernel's /login.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { getAgentDir } from "./config.js";
import { unavailable } from "./unavailable.js";

type Credential = { type: "api_key"; key: string } | ({ type: "oauth" } & Record<string, unknown>);
type Data = Record<string, Credential>;
type LockResult<T> = { result: T; next?: string };

export interface AuthStorageBackend {
  withLock<T>(fn: (current: string | undefined) => LockResult<T>): T;
  withLockAsync<T>(fn: (current: string | undefined) => Promise<LockResult<T>>): Promise<T>;
}

export class FileAuthStorageBackend implements AuthStorageBackend {
  constructor(private readonly authPath = join(getAgentDir(), "auth.json")) {}
  private read(): string | undefined {
    try {
      return readFileSync(this.authPath, "utf8");
    } catch {
      return undefined;
    }
  }
  private write(next: string | undefined): void {
    if (next === undefined) return;
    mkdirSync(dirname(this.authPath), { recursive: true });
    writeFileSync(this.authPath, next, { mode: 0o600 });
    chmodSync(this.authPath, 0o600);
  }
  withLock<T>(fn: (current: string | undefined) => LockResult<T>): T {
    const { result, next } = fn(this.read());
    this.write(next);
    return result;
  }
  async withLockAsync<T>(fn: (current: string | undefined) => Promise<LockResult<T>>): Promise<T> {
    const { result, next } = await fn(this.read());
    this.write(next);
    return result;
  }
}

export class InMemoryAuthStorageBackend implements AuthStorageBackend {
  private value: string | undefined;
  withLock<T>(fn: (current: string | undefined) => LockResult<T>): T {
    const { result, next } = fn(this.value);
    if (next !== undefined) this.value = next;
    return result;
  }
  async withLockAsync<T>(fn: (current: string | undefined) => Promise<LockResult<T>>): Promise<T> {
    const { result, next } = await fn(this.value);
    if (next !== undefined) this.value = next;
    return result;
  }
}

const parse = (text: string | undefined): Data => {
  try {
    return text ? (JSON.parse(text) as Data) : {};
  } catch {
    return {};
  }
};

export class AuthStorage {
  private data: Data = {};
  private readonly runtime = new Map<string, string>();
  private fallback: ((provider: string) => string | undefined) | undefined;

  private constructor(private readonly storage: AuthStorageBackend) {
    this.reload();
  }
  static create = (authPath?: string) => new AuthStorage(new FileAuthStorageBackend(authPath));
  static fromStorage = (storage: AuthStorageBackend) => new AuthStorage(storage);
  static inMemory(data: Data = {}): AuthStorage {
    const backend = new InMemoryAuthStorageBackend();
    backend.withLock(() => ({ result: undefined, next: JSON.stringify(data) }));
    return new AuthStorage(backend);
  }

  reload(): void {
    this.data = this.storage.withLock((current) => ({ result: parse(current) }));
  }
  setRuntimeApiKey = (provider: string, apiKey: string) => void this.runtime.set(provider, apiKey);
  removeRuntimeApiKey = (provider: string) => void this.runtime.delete(provider);
  setFallbackResolver(resolver: (provider: string) => string | undefined): void {
    this.fallback = resolver;
  }
  get = (provider: string) => this.data[provider];
  set(provider: string, credential: Credential): void {
    this.update((d) => ({ ...d, [provider]: credential }));
  }
  remove(provider: string): void {
    this.update(({ [provider]: _gone, ...rest }) => rest);
  }
  logout = (provider: string) => this.remove(provider);
  list = () => Object.keys(this.data);
  has = (provider: string) => provider in this.data;
  hasAuth = (provider: string) => this.runtime.has(provider) || this.has(provider) || !!this.fallback?.(provider);
  getAll = (): Data => structuredClone(this.data);
  drainErrors = (): Error[] => [];
  /** Runtime key, then the stored API key, then the fallback resolver. */
  async getApiKey(provider: string): Promise<string | undefined> {
    const stored = this.data[provider];
    return this.runtime.get(provider) ?? (stored?.type === "api_key" ? stored.key : undefined) ?? this.fallback?.(provider);
  }
  login = unavailable("AuthStorage.login", "is pi's OAuth flow; log in with pi-kernel's /login command");

  private update(change: (d: Data) => Data): void {
    this.data = this.storage.withLock((current) => {
      const next = change(parse(current));
      return { result: next, next: `${JSON.stringify(next, null, 2)}\n` };
    });
  }
}
