// /login and /logout, in both UIs and over RPC (through the "ui" service: a picker, the address
// to open, a paste prompt). Without a UI (print mode) /login shows the address on stderr and waits
// for the browser's callback only.
import type { PluginApi } from "pi-kernel";
import type { CommandDef } from "../../contracts/commands.js";
import type { LoginIO, OAuthService, Subscription } from "../../contracts/oauth.js";
import type { UiService } from "../../contracts/ui.js";

const SIGNED_IN = " ✓ signed in";

function pickByArgument(list: Subscription[], args: string): Subscription | undefined {
  const wanted = args.trim().toLowerCase();
  return list.find((s) => s.id === wanted) ?? list.find((s) => s.name.toLowerCase().includes(wanted));
}

async function choose(api: PluginApi, oauth: OAuthService, args: string, title: string, only?: (s: Subscription) => boolean) {
  const list = oauth.subscriptions().filter(only ?? (() => true));
  if (args.trim()) {
    const found = pickByArgument(list, args);
    if (!found) throw new Error(`No subscription matches "${args.trim()}" (${list.map((s) => s.id).join(", ") || "none signed in"})`);
    return found;
  }
  const ui = api.services.get("ui");
  if (!ui) throw new Error(`Name the subscription: ${list.map((s) => s.id).join(", ")}`);
  const labels = list.map((s) => `${s.name}${oauth.signedIn(s.id) ? SIGNED_IN : ""}`);
  const picked = await ui.select(title, labels);
  return list[labels.indexOf(picked ?? "")];
}

function uiIO(ui: UiService | undefined): LoginIO {
  // The address stays in the paste prompt's title too: the full-screen UI's dialog covers the
  // transcript the notice went to, and the person needs the address while the prompt is open.
  let shown: string | undefined;
  return {
    onAuth({ url, instructions }) {
      shown = `Open this address to sign in:\n${url}${instructions ? `\n${instructions}` : ""}`;
      if (ui) ui.notify(shown, "info");
      else process.stderr.write(`${shown}\n`);
      void import("./browser.js").then((m) => m.openBrowser(url)); // loaded only when signing in
    },
    prompt: (message, opts) =>
      ui
        ? ui.input(shown ? `${shown}\n\n${message}` : message, opts?.placeholder, { signal: opts?.signal })
        : // No way to ask: the browser's callback alone (a blank answer means "the default").
          message.includes("leave empty")
          ? Promise.resolve("")
          : new Promise((resolve) => opts?.signal?.addEventListener("abort", () => resolve(undefined), { once: true })),
    progress: (message) => ui?.setStatus("login", message),
  };
}

export function loginCommand(api: PluginApi): CommandDef {
  return {
    name: "login",
    description: "Sign in with a subscription (Claude Pro/Max, ChatGPT, Copilot, Gemini CLI, Antigravity)",
    argumentHint: "[subscription]",
    source: "builtin",
    getArgumentCompletions: (prefix) =>
      api.services
        .get("oauth")
        ?.subscriptions()
        .filter((s) => s.id.startsWith(prefix))
        .map((s) => ({ value: s.id, label: s.name })),
    handler: async (args) => {
      const oauth = api.services.use("oauth");
      const subscription = await choose(api, oauth, args, "Sign in with");
      if (!subscription) return undefined;
      const ui = api.services.get("ui");
      try {
        await oauth.login(subscription.id, uiIO(ui));
      } finally {
        ui?.setStatus("login", undefined);
      }
      return `Signed in: ${subscription.name}.${useModel(api, subscription.id)}`;
    },
  };
}

/** With no model chosen yet, the subscription's first model becomes the current one. */
function useModel(api: PluginApi, provider: string): string {
  const models = api.services.get("models");
  const first = models?.list().find((m) => m.provider === provider);
  if (!models || !first) return "";
  if (api.agent.model) return ` Its models: /model ${provider}/…`;
  models.select(first);
  return ` Model: ${provider}/${first.id}`;
}

export function logoutCommand(api: PluginApi): CommandDef {
  return {
    name: "logout",
    description: "Sign out of a subscription (removes its entry from auth.json)",
    argumentHint: "[subscription]",
    source: "builtin",
    handler: async (args) => {
      const oauth = api.services.use("oauth");
      const signedIn = (s: Subscription) => oauth.signedIn(s.id);
      if (!oauth.subscriptions().some(signedIn)) return "No subscription is signed in.";
      const subscription = await choose(api, oauth, args, "Sign out of", signedIn);
      if (!subscription) return undefined;
      if (!(await oauth.logout(subscription.id))) return `${subscription.name} was not signed in.`;
      // The current model stays chosen; say that it now needs another sign-in or model.
      const current = api.agent.model;
      const stranded = current?.provider === subscription.id ? ` ${current.provider}/${current.id} needs /login again, or /model.` : "";
      return `Signed out: ${subscription.name}.${stranded}`;
    },
  };
}
