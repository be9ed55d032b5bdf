// pi's model names that need pi's own model catalog. ModelRegistry can be constructed (SDK code
// hands one to createAgentSession, whose agent resolves models itself) and `find` returns a
// reference that agent resolves; listing and key lookups are the running agent's
// `ctx.modelRegistry`. readStoredCredential reads auth.json.
import { AuthStorage } from "./auth.js";
import { unavailable } from "./unavailable.js";

const CATALOG = 'needs pi\'s model catalog; in an extension use ctx.modelRegistry, in a session pass a "provider/id" model';

export class ModelRegistry {
  constructor(
    readonly authStorage: AuthStorage = AuthStorage.inMemory(),
    readonly modelsJsonPath?: string,
  ) {}
  static create = (authStorage?: AuthStorage, modelsJsonPath?: string) => new ModelRegistry(authStorage, modelsJsonPath);
  static inMemory = (authStorage?: AuthStorage) => new ModelRegistry(authStorage);
  /** A reference to `provider/modelId`, resolved (or reported missing) by the agent it is given to. */
  find(provider: string, modelId: string): { provider: string; id: string } {
    return { provider, id: modelId };
  }
  getApiKey = (model: { provider: string }) => this.authStorage.getApiKey(model.provider);
  getApiKeyForProvider = (provider: string) => this.authStorage.getApiKey(provider);
  getAll = unavailable("ModelRegistry.getAll", CATALOG);
  getAvailable = unavailable("ModelRegistry.getAvailable", CATALOG);
  getApiKeyAndHeaders = unavailable("ModelRegistry.getApiKeyAndHeaders", CATALOG);
  refresh(): void {}
}

export const ModelRuntime = unavailable("ModelRuntime", CATALOG);
export const resolveCliModel = unavailable("resolveCliModel", CATALOG);
export const resolveModelScopeWithDiagnostics = unavailable("resolveModelScopeWithDiagnostics", CATALOG);

export class CredentialSynchronizationError extends Error {
  override name = "CredentialSynchronizationError";
}

/** The credential auth.json holds for a provider (default: the agent dir's auth.json). */
export function readStoredCredential(provider: string, authPath?: string) {
  return AuthStorage.create(authPath).get(provider);
}
