// auth.json's OAuth entries are never ignored silently: one that no subscription understands,
// or any at all while the sign-in plugin (auth-oauth) is not part of the agent, is reported at
// start-up with what to do about it.
import type { PluginApi } from "pi-kernel";
import { readAuthFile } from "../../lib/provider-kit/index.js";

export function reportSignIns(api: PluginApi): void {
  const oauth = api.services.get("oauth");
  let unused: string[];
  if (oauth) unused = oauth.unknownEntries();
  else {
    try {
      unused = Object.entries(readAuthFile(api.agentDir))
        .filter(([, entry]) => (entry as { type?: unknown } | null)?.type === "oauth")
        .map(([name]) => name);
    } catch {
      return; // an unreadable auth.json is reported where keys are read
    }
  }
  if (unused.length === 0) return;
  const names = unused.map((n) => `"${n}"`).join(", ");
  api.diagnose({
    level: "warning",
    where: "auth.json",
    message: oauth
      ? `auth.json has sign-ins pi-kernel does not support (${names}); their models are not available. /login lists the supported subscriptions.`
      : `auth.json has subscription sign-ins (${names}) but the auth-oauth plugin is not loaded, so they are not used; add "@pi-kernel/auth-oauth" to your pi-packages.json.`,
  });
}
