// The subscriptions' sign-in flows, refreshes and request shapes, loaded by the "oauth" service
// (service.ts) the first time someone signs in, a signed-in provider's request needs its auth or
// a token is due: a run on API keys alone never loads them.
import type { SubscriptionDef } from "./subscription.js";
import { anthropicSubscription } from "./subscriptions/anthropic.js";
import { copilotSubscription } from "./subscriptions/github-copilot.js";
import { antigravitySubscription, geminiCliSubscription } from "./subscriptions/google.js";
import { codexSubscription } from "./subscriptions/openai-codex.js";

/** /login's menu, in pi's order (the catalog's). */
export const SUBSCRIPTIONS: readonly SubscriptionDef[] = [
  anthropicSubscription,
  copilotSubscription,
  geminiCliSubscription,
  antigravitySubscription,
  codexSubscription,
];
