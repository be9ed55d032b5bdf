// API keys, looked up when a request is made: the --api-key flag (for the provider chosen at
// start-up), then auth.json, then the provider's standard environment variable
// (ANTHROPIC_API_KEY, ...), then the provider's apiKey in models.json. Stored values may name an
// environment variable or, with a leading "!", a shell command printing the key. models.json (or
// auth.json's `key`) may give several keys (an array): the first is used until a rate limit moves
// to the next.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Model } from "pi-kernel";
import { mayExist } from "../../lib/provider-kit/index.js";
import { ENV_KEYS } from "./builtin.js";
import { JsoncError, parseJsonc } from "./jsonc.js";

const COMMAND_TIMEOUT_MS = 10_000;

export interface KeySources {
  agentDir: string;
  flags: Readonly<Record<string, unknown>>;
  /** The provider the --api-key flag applies to. */
  runtimeProvider(): string | undefined;
  /** The `apiKey` value models.json gives the provider (several keys: an array). */
  configuredKey(provider: string): string | string[] | undefined;
  /** Reports a problem; messages never contain key material. */
  report(level: "error" | "warning", where: string, message: string): void;
}

export class ApiKeys {
  // Commands are run once per process (a password manager prompt once, not every request).
  private readonly commands = new Map<string, Promise<string | undefined>>();
  private readonly reported = new Set<string>();
  /** Which of a provider's models.json keys is in use (several keys only). */
  private readonly current = new Map<string, number>();

  constructor(private readonly sources: KeySources) {}

  async forModel(model: Model): Promise<string | undefined> {
    const flag = this.sources.flags.apiKey;
    if (typeof flag === "string" && flag !== "" && model.provider === this.sources.runtimeProvider()) return flag;
    const stored = this.pick(model.provider, await this.fromAuthFile(model.provider));
    if (stored) return this.resolveValue(stored, model.provider);
    const fromEnv = envKey(model.provider);
    if (fromEnv) return fromEnv;
    const configured = this.configured(model.provider);
    return configured ? this.resolveValue(configured, model.provider) : undefined;
  }

  /** The keys of the source in use when it lists several (auth.json, else models.json). */
  private async keyList(model: Model): Promise<string | string[] | undefined> {
    const flag = this.sources.flags.apiKey;
    if (typeof flag === "string" && flag !== "" && model.provider === this.sources.runtimeProvider()) return undefined;
    const stored = await this.fromAuthFile(model.provider);
    if (stored) return stored;
    return envKey(model.provider) ? undefined : this.sources.configuredKey(model.provider);
  }

  /**
   * After a rate limit with `failedKey`: moves the provider to its next models.json key, when it
   * has several and `failedKey` is still the one in use (concurrent requests move it once).
   * True when the next request gets another key.
   */
  async rotate(model: Model, failedKey: string | undefined): Promise<boolean> {
    const keys = await this.keyList(model);
    if (!Array.isArray(keys) || keys.length < 2) return false;
    const inUse = await this.forModel(model);
    if (inUse !== failedKey) return inUse !== undefined;
    this.current.set(model.provider, ((this.current.get(model.provider) ?? 0) + 1) % keys.length);
    return (await this.forModel(model)) !== failedKey;
  }

  /** The models.json key in use: the only one, or the current one of several. */
  private configured(provider: string): string | undefined {
    return this.pick(provider, this.sources.configuredKey(provider));
  }

  private pick(provider: string, value: string | string[] | undefined): string | undefined {
    if (!Array.isArray(value)) return value || undefined;
    return value[(this.current.get(provider) ?? 0) % value.length] || undefined;
  }

  /**
   * Whether a key is configured for a provider, without running commands (for listing models and
   * choosing a default). Synchronous: used at boot and by --list-models, never on a hot path.
   */
  hasAuth(provider: string): boolean {
    const flag = this.sources.flags.apiKey;
    if (typeof flag === "string" && flag !== "" && provider === this.sources.runtimeProvider()) return true;
    if (envKey(provider) || this.configured(provider)) return true;
    const file = join(this.sources.agentDir, "auth.json");
    if (!mayExist(file)) return false; // asked per provider at start-up: a missing file costs no Error
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      this.unreadable(error);
      return false;
    }
    return this.parseAuth(text, provider) !== undefined;
  }

  private async fromAuthFile(provider: string): Promise<string | string[] | undefined> {
    const file = join(this.sources.agentDir, "auth.json");
    // No auth.json (keys from the environment or models.json): one stat that answers without an
    // Error, where the read's rejection, and fs/promises loading for it, were ~3 ms of a print
    // run's first request.
    if (!mayExist(file)) return undefined;
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      this.unreadable(error); // no auth.json: keys come from models.json or the environment
      return undefined;
    }
    return this.parseAuth(text, provider);
  }

  private parseAuth(text: string, provider: string): string | string[] | undefined {
    const file = join(this.sources.agentDir, "auth.json");
    try {
      const entry = (parseJsonc(text) as Record<string, { type?: unknown; key?: unknown }> | null)?.[provider];
      if (entry?.type !== "api_key") return undefined;
      if (Array.isArray(entry.key)) {
        const keys = entry.key.filter((k): k is string => typeof k === "string" && k !== "");
        return keys.length > 0 ? keys : undefined;
      }
      return typeof entry.key === "string" && entry.key !== "" ? entry.key : undefined;
    } catch (error) {
      const detail = error instanceof JsoncError ? `invalid JSON at ${error.message}` : "cannot be parsed";
      this.reportOnce("warning", file, `${file}: ${detail}; its keys are ignored (other key sources still apply)`);
      return undefined;
    }
  }

  /** A missing auth.json is normal; one that cannot be read (permissions, a directory) is said once. */
  private unreadable(error: unknown): void {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return;
    const file = join(this.sources.agentDir, "auth.json");
    this.reportOnce(
      "warning",
      file,
      `${file} cannot be read (${code ?? "unknown error"}); its keys are ignored (other key sources still apply)`,
    );
  }

  private resolveValue(value: string, provider: string): Promise<string | undefined> | string | undefined {
    if (value.startsWith("!")) return this.runCommand(value.slice(1), provider);
    return process.env[value] || value;
  }

  private runCommand(command: string, provider: string): Promise<string | undefined> {
    let result = this.commands.get(command);
    if (!result) {
      result = runKeyCommand(command).then(
        (key) => {
          if (!key) this.reportOnce("warning", "auth", `The apiKey command for provider "${provider}" printed nothing`);
          return key || undefined;
        },
        (reason: string) => {
          this.commands.delete(command); // let a later request try again
          this.reportOnce("warning", "auth", `The apiKey command for provider "${provider}" failed: ${reason}`);
          return undefined;
        },
      );
      this.commands.set(command, result);
    }
    return result;
  }

  private reportOnce(level: "error" | "warning", where: string, message: string): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    this.sources.report(level, where, message);
  }
}

/** The provider's key from its standard environment variable, if set. */
export function envKey(provider: string): string | undefined {
  const name = ENV_KEYS[provider];
  return name ? process.env[name] || undefined : undefined;
}

/** The command's trimmed stdout; rejects with a reason that quotes neither the command nor its output. */
function runKeyCommand(command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    process.getBuiltinModule("node:child_process").exec(command, { timeout: COMMAND_TIMEOUT_MS, windowsHide: true }, (error, stdout) => {
      if (!error) return resolve(stdout.trim());
      if (error.killed) return reject(`timed out after ${COMMAND_TIMEOUT_MS / 1000} s`);
      reject(typeof error.code === "number" ? `exit code ${error.code}` : "it could not be run");
    });
  });
}
