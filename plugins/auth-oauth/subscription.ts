// What each subscription module provides: its sign-in, its refresh, and what a request needs.
import type { Message, Model } from "pi-kernel";
import type { LoginIO, RequestAuth, Subscription } from "../../contracts/oauth.js";

/** An auth.json OAuth entry, in pi's shape; providers add their own fields (accountId, projectId, ...). */
export interface Credentials {
  type: "oauth";
  access: string;
  refresh: string;
  /** Milliseconds since the epoch; already less the provider's safety margin, as pi stores it. */
  expires: number;
  [field: string]: unknown;
}

export interface SubscriptionDef extends Subscription {
  /** The models of a subscription-only provider (none for Anthropic: its API models are the same). */
  models: readonly Model[];
  login(io: LoginIO): Promise<Credentials>;
  refresh(credentials: Credentials): Promise<Credentials>;
  requestAuth(credentials: Credentials, model: Model, messages?: readonly Message[]): RequestAuth;
}

/**
 * The browser flow every provider but Copilot uses: listen on the loopback callback, show the
 * authorization address, wait for the code (callback or paste), exchange it.
 */
export async function browserLogin(
  io: LoginIO,
  opts: {
    port: number;
    path: string;
    state: string;
    authorizeUrl(redirectUri: string): string;
    exchange(code: string, redirectUri: string): Promise<Credentials>;
    /** The address registered with the provider, when the callback could not listen (the pasted code is for it). */
    registeredRedirect: string;
  },
): Promise<Credentials> {
  // The callback server (node:http) loads when someone signs in, not at start-up.
  const { awaitCode, listenForCode } = await import("./callback.js");
  const callback = await listenForCode(opts.port, opts.path, opts.state);
  const redirectUri = callback?.redirectUri ?? opts.registeredRedirect;
  try {
    io.onAuth({ url: opts.authorizeUrl(redirectUri), instructions: "Sign in in your browser; pi receives the answer on this machine." });
    const code = await awaitCode(io, callback, opts.state);
    io.progress?.("Exchanging the authorization code for tokens…");
    return await opts.exchange(code, redirectUri);
  } finally {
    callback?.close();
  }
}

export { subscriptionModel } from "./catalog.js";
