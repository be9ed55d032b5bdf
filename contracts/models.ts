// The "models" service (provided by the models plugin): the model registry, API keys, the
// --models scope and cycling, and providers added at run time (pi's registerProvider).
import type { Message, Model, ThinkingLevel } from "pi-kernel";

/** One entry of the --models (or `enabledModels`) scope. */
export interface Scoped {
  model: Model;
  thinkingLevel?: ThinkingLevel;
}

export interface AddedProvider {
  /** Provider name, as in `provider/id`. */
  name: string;
  models?: Model[];
  baseUrl?: string;
  headers?: Record<string, string>;
  /** An env var name, a literal key, or "!command", as models.json's `apiKey`. */
  apiKey?: string;
}

export interface RequestAuthInfo {
  apiKey?: string;
  headers: Record<string, string>;
  baseUrl?: string;
}

export interface CycleResult {
  model: Model;
  thinkingLevel?: ThinkingLevel;
  isScoped: boolean;
}

export interface ModelsService {
  /** The models that can be used now: models.json ones, local servers found, and built-ins whose provider has a key. */
  list(): Model[];
  /** Every known model: models.json first, then the built-in catalog (and local servers found). */
  all(): Model[];
  find(provider: string, id: string): Model | undefined;
  resolve(pattern: string, provider?: string): Model | undefined;
  apiKey(model: Model): Promise<string | undefined>;
  /**
   * Everything a request on `model` needs to authenticate (pi's getApiKeyAndHeaders): the key (an
   * OAuth access token, refreshed first when due, for a signed-in subscription), the model's
   * headers with the subscription's own on top, and the subscription's base URL when it decides
   * it (Copilot). `messages`, when given, lets a subscription set per-turn headers. Throws a
   * readable error ("... run /login ...") when a sign-in expired and cannot be renewed.
   */
  apiKeyAndHeaders?(model: Model, messages?: readonly Message[]): Promise<RequestAuthInfo>;
  /**
   * The environment variables keys are read from: each built-in provider's (ANTHROPIC_API_KEY, ...)
   * and every set variable an `apiKey` (models.json, auth.json, added providers) names. Shell
   * children go without them unless settings `shell.passProviderKeys` is true.
   */
  keyVariables(): string[];
  /**
   * After a rate limit (429) with `failedKey`: moves the provider to its next key when models.json
   * gives several; true when `apiKey` now returns another one (worth retrying at once).
   */
  rotateApiKey?(model: Model, failedKey: string | undefined): Promise<boolean>;
  /**
   * The model settings `modelRoles` gives a role ("default", "small", "plan", or any name a
   * subagent asks for), with the thinking level of a `:level` suffix; undefined when the role is
   * not set (callers then use the current model) or names no known model (reported).
   */
  role?(name: string): Scoped | undefined;
  /** The --models (or settings `enabledModels`) selection, in order; empty when not set. */
  scoped(): Scoped[];
  /**
   * Switches to a model as pi does: the preferred thinking level (the current one while the model
   * reasons, else the saved defaultThinkingLevel) is clamped to what the new model can do.
   */
  select(model: Model): void;
  /** Switches to the next/previous model of the scope (or of the available models). */
  cycle(direction?: "forward" | "backward"): CycleResult | undefined;
  /** Stores a key in auth.json (0600); throws AuthFileError, leaving the file alone, if it is unreadable. */
  setApiKey(provider: string, key: string): void;
  /**
   * Adds a provider at run time (pi's registerProvider): its `models` replace the provider's, or
   * only `baseUrl`/`headers` redirect the existing ones. One per owner; returns the removal.
   */
  addProvider(owner: string, provider: AddedProvider): () => void;
  /**
   * How a provider is signed in, without reading the key (pi's getProviderAuthStatus, isUsingOAuth):
   * `source` is pi's ("stored", "environment", "models_json_key", ...). Optional: without it,
   * callers take a provider with usable models as configured.
   */
  authStatus?(provider: string): { configured: boolean; source?: string; label?: string; oauth?: boolean };
  /** Problems found in models.json, for commands that list models. */
  readonly errors: string[];
}

declare module "pi-kernel" {
  interface Services {
    models: ModelsService;
  }
}
