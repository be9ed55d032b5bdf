// The "oauth" service over the subscriptions and auth.json.
import type { OAuthService } from "../../contracts/oauth.js";
import { CredentialStore } from "./store.js";
import type { SubscriptionDef } from "./subscription.js";
import { anthropicSubscription } from "./subscriptions/anthropic.js";
import { copilotSubscription } from "./subscriptions/github-copilot.js";
import { antigravitySubscription, geminiCliSubscription } from "./subscriptions/google.js";
import { codexSubscription } from "./subscriptions/openai-codex.js";

/** /login's menu, in pi's order. */
export const SUBSCRIPTIONS: readonly SubscriptionDef[] = [
  anthropicSubscription,
  copilotSubscription,
  geminiCliSubscription,
  antigravitySubscription,
  codexSubscription,
];

export function createOAuthService(agentDir: string, report: (message: string) => void): OAuthService {
  const byId = new Map(SUBSCRIPTIONS.map((s) => [s.id, s]));
  const store = new CredentialStore(agentDir, byId, report);
  const known = (id: string) => {
    const subscription = byId.get(id);
    if (!subscription) throw new Error(`Unknown subscription "${id}" (known: ${[...byId.keys()].join(", ")})`);
    return subscription;
  };
  return {
    subscriptions: () => SUBSCRIPTIONS.map(({ id, name, flow }) => ({ id, name, flow })),
    signedIn: (provider) => byId.has(provider) && store.entry(provider) !== undefined,
    unknownEntries: () => store.unknownEntries(),
    models: () => SUBSCRIPTIONS.flatMap((s) => s.models),
    async login(id, io) {
      const subscription = known(id);
      await store.save(id, await subscription.login(io));
    },
    logout: (id) => store.remove(known(id).id),
    async requestAuth(model, messages) {
      const subscription = byId.get(model.provider);
      if (!subscription) return undefined;
      const credentials = await store.fresh(model.provider);
      return credentials && subscription.requestAuth(credentials, model, messages);
    },
  };
}
