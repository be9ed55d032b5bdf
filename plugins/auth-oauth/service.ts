// The "oauth" service over the subscriptions and auth.json. Its synchronous answers (the menu, the
// models, who is signed in) come from the catalog and auth.json; the flows (flows.ts) load, once
// per process, when a sign-in, a signed-in request or a refresh needs them.
import type { OAuthService } from "../../contracts/oauth.js";
import { CATALOG } from "./catalog.js";
import { CredentialStore } from "./store.js";
import type { SubscriptionDef } from "./subscription.js";

let flows: Promise<ReadonlyMap<string, SubscriptionDef>> | undefined;
/** The subscriptions' flows by id (a failed load is tried again at the next use). */
function flow(id: string): Promise<SubscriptionDef> {
  flows ??= import("./flows.js").then(
    (m) => new Map(m.SUBSCRIPTIONS.map((s) => [s.id, s])),
    (error) => {
      flows = undefined;
      throw error;
    },
  );
  return flows.then((byId) => byId.get(id)!);
}

export function createOAuthService(agentDir: string, report: (message: string) => void): OAuthService {
  const byId = new Map(CATALOG.map((s) => [s.id, s]));
  const store = new CredentialStore(agentDir, byId, flow, report);
  const known = (id: string) => {
    const subscription = byId.get(id);
    if (!subscription) throw new Error(`Unknown subscription "${id}" (known: ${[...byId.keys()].join(", ")})`);
    return subscription;
  };
  return {
    subscriptions: () => CATALOG.map(({ id, name, flow }) => ({ id, name, flow })),
    signedIn: (provider) => byId.has(provider) && store.entry(provider) !== undefined,
    unknownEntries: () => store.unknownEntries(),
    models: () => CATALOG.flatMap((s) => s.models),
    async login(id, io) {
      const subscription = await flow(known(id).id);
      await store.save(id, await subscription.login(io));
    },
    logout: (id) => store.remove(known(id).id),
    async requestAuth(model, messages) {
      if (!byId.has(model.provider)) return undefined;
      const credentials = await store.fresh(model.provider);
      return credentials && (await flow(model.provider)).requestAuth(credentials, model, messages);
    },
  };
}
