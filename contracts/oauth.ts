// The "oauth" service (provided by the auth-oauth plugin): pi's subscription sign-in. Claude
// Pro/Max, ChatGPT Plus/Pro (Codex), GitHub Copilot, Google Gemini CLI and Antigravity keep
// OAuth entries in auth.json (`{ "type": "oauth", "access", "refresh", "expires", ... }`); this
// service signs in and out, refreshes tokens before they expire (under auth.json's cross-process
// lock) and says what each request of a signed-in subscription needs. The models service asks it;
// providers only see the key, headers and base URL that come out.
import type { Message, Model } from "pi-kernel";

/** One subscription that /login offers. `id` is also its provider name in auth.json and in models. */
export interface Subscription {
  id: string;
  name: string;
  /** "browser": a loopback callback with PKCE (and a paste-the-code fallback); "device": a code to enter on a page. */
  flow: "browser" | "device";
}

/** How a sign-in talks to the person: the UI (/login) or a test. */
export interface LoginIO {
  /** The address to open; for device flows, `instructions` carries the code to enter. */
  onAuth(info: { url: string; instructions?: string }): void;
  /**
   * Asks for text: the pasted redirect URL or code (raced with the browser's callback and aborted
   * through `signal` when the callback wins), or a question a flow has. Undefined: cancelled.
   */
  prompt(message: string, opts?: { placeholder?: string; signal?: AbortSignal }): Promise<string | undefined>;
  progress?(message: string): void;
  signal?: AbortSignal;
}

/** What a request on a subscription's model needs. */
export interface RequestAuth {
  /** What the provider puts in its auth header (an access token; pi's JSON for Google's cloud-code API). */
  apiKey: string;
  /** Further headers the subscription needs on this request. */
  headers?: Record<string, string>;
  /** Where the requests go when the subscription decides it (Copilot's endpoint comes with its token). */
  baseUrl?: string;
}

export interface OAuthService {
  /** Every subscription /login offers, in menu order. */
  subscriptions(): Subscription[];
  /** Whether auth.json holds an OAuth entry for this provider (sync: for listing models). */
  signedIn(provider: string): boolean;
  /** Providers with an OAuth entry in auth.json that no subscription knows (reported, never silently ignored). */
  unknownEntries(): string[];
  /** The models of the subscription-only providers (openai-codex, github-copilot, google-gemini-cli, ...). */
  models(): Model[];
  /** Runs the sign-in and stores the credentials in auth.json (0600). Throws with a readable message. */
  login(id: string, io: LoginIO): Promise<void>;
  /** Removes the provider's OAuth entry; false when there was none. */
  logout(id: string): Promise<boolean>;
  /**
   * The key, headers and base URL for a request on `model` when its provider is signed in with
   * OAuth (refreshing the token first when it expires within a minute); undefined when it is not.
   * Throws a readable error ("... run /login ...") when the refresh fails.
   */
  requestAuth(model: Model, messages?: readonly Message[]): Promise<RequestAuth | undefined>;
}

declare module "pi-kernel" {
  interface Services {
    oauth: OAuthService;
  }
}
