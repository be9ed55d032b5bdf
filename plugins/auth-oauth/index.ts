// pi's subscription sign-in: /login and /logout, the OAuth entries of auth.json and their refresh,
// offered to the models plugin (and through it to providers and pi-compat) as the "oauth" service.
// Setup only registers: the flows' code runs when someone signs in or a token is due.
import { definePlugin } from "pi-kernel";
import { loginCommand, logoutCommand } from "./commands.js";
import { createOAuthService } from "./service.js";

export default definePlugin({
  name: "auth-oauth",
  provides: ["oauth"],
  uses: ["ui", "models"],
  setup(api) {
    const reported = new Set<string>();
    const report = (message: string) => {
      if (reported.has(message)) return;
      reported.add(message);
      api.diagnose({ level: "warning", where: "auth.json", message });
    };
    api.services.provide("oauth", createOAuthService(api.agentDir, report));
    api.register.command(loginCommand(api));
    api.register.command(logoutCommand(api));
  },
});
