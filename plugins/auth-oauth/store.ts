// The OAuth entries of auth.json: read on demand (another process may have changed the file),
// refreshed shortly before they expire, under auth.json's cross-process lock. Inside the lock the
// entry is read again: when another process (pi or pi-kernel) refreshed it meanwhile, its new
// token is used and ours is never spent (providers rotate refresh tokens: spending one twice
// signs the person out).
import { AuthFileError, readAuthFile, updateAuthEntry, withAuthLock } from "../../lib/provider-kit/index.js";
import type { Subscription } from "../../contracts/oauth.js";
import type { Credentials, SubscriptionDef } from "./subscription.js";

/** Refresh this long before the stored expiry (which already has the provider's margin taken off). */
const REFRESH_AHEAD_MS = 60_000;

export function isCredentials(value: unknown): value is Credentials {
  const v = value as Partial<Credentials> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.type === "oauth" &&
    typeof v.access === "string" &&
    typeof v.refresh === "string" &&
    typeof v.expires === "number"
  );
}

export class CredentialStore {
  /** One refresh per provider at a time within this process; the lock orders processes. */
  private readonly refreshing = new Map<string, Promise<Credentials>>();

  constructor(
    private readonly agentDir: string,
    private readonly subscriptions: ReadonlyMap<string, Subscription>,
    /** The subscription's flows (its refresh), loaded on first use. */
    private readonly flow: (id: string) => Promise<SubscriptionDef>,
    private readonly report: (message: string) => void,
  ) {}

  /** Every entry of auth.json; {} (reported) when it cannot be read. */
  private all(): Record<string, unknown> {
    try {
      return readAuthFile(this.agentDir);
    } catch (error) {
      if (error instanceof AuthFileError) this.report(`${error.message.replace("; it was left unchanged", "")}: its sign-ins are ignored`);
      return {};
    }
  }

  entry(provider: string): Credentials | undefined {
    const value = this.all()[provider];
    return isCredentials(value) ? value : undefined;
  }

  /** Providers with an OAuth entry that no subscription here knows. */
  unknownEntries(): string[] {
    return Object.entries(this.all())
      .filter(([name, value]) => (value as { type?: unknown } | null)?.type === "oauth" && !this.subscriptions.has(name))
      .map(([name]) => name);
  }

  /** The provider's credentials, refreshed first when they expire within a minute; undefined when not signed in. */
  async fresh(provider: string): Promise<Credentials | undefined> {
    const current = this.entry(provider);
    if (!current || !needsRefresh(current)) return current;
    let pending = this.refreshing.get(provider);
    if (!pending) {
      pending = this.refreshLocked(provider).finally(() => this.refreshing.delete(provider));
      this.refreshing.set(provider, pending);
    }
    return pending;
  }

  private refreshLocked(provider: string): Promise<Credentials> {
    const subscription = this.subscriptions.get(provider)!;
    return withAuthLock(this.agentDir, async () => {
      const current = this.entry(provider);
      if (!current) throw new Error(`${subscription.name}: signed out meanwhile; run /login to sign in again`);
      if (!needsRefresh(current)) return current; // another process renewed it while we waited
      let next: Credentials;
      try {
        next = await (await this.flow(provider)).refresh(current);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`The ${subscription.name} sign-in expired and could not be renewed (${reason}). Run /login to sign in again.`);
      }
      updateAuthEntry(this.agentDir, provider, next);
      return next;
    });
  }

  save(provider: string, credentials: Credentials): Promise<void> {
    return withAuthLock(this.agentDir, () => updateAuthEntry(this.agentDir, provider, credentials));
  }

  /** Removes the provider's OAuth entry (an API key entry of the same name stays); false when there was none. */
  remove(provider: string): Promise<boolean> {
    return withAuthLock(this.agentDir, () => {
      if (!isCredentials(readAuthFile(this.agentDir)[provider])) return false;
      updateAuthEntry(this.agentDir, provider, undefined);
      return true;
    });
  }
}

const needsRefresh = (c: Credentials) => Date.now() + REFRESH_AHEAD_MS >= c.expires;
