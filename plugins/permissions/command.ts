// `/permissions [mode]`: with a UI, a picker of the modes (the current one marked); with a mode
// name, switches to it; without a UI, the mode and the rules as text.
import type { CommandDef } from "../../contracts/commands.js";
import type { PermissionMode } from "../../contracts/permissions.js";
import type { PluginApi } from "pi-kernel";
import type { Permissions } from "./permissions.js";

export function permissionsCommand(api: PluginApi, permissions: Permissions): CommandDef {
  return {
    name: "permissions",
    description: "Show the permission mode and rules, or switch the mode",
    argumentHint: "[yolo|ask|accept-edits|read-only]",
    source: "builtin",
    getArgumentCompletions: (prefix) =>
      permissions
        .modes()
        .filter((m) => m.id.startsWith(prefix))
        .map((m) => ({ value: m.id, label: m.name })),
    handler: async (args) => {
      const wanted = args.trim();
      if (wanted) {
        permissions.setMode(wanted as PermissionMode);
        return `Permission mode: ${permissions.mode()}`;
      }
      const ui = api.services.get("ui");
      if (!ui) return overview(permissions);
      const labels = permissions.modes().map((m) => `${m.id === permissions.mode() ? "● " : "  "}${m.id}: ${m.description}`);
      // Opens on the current mode: Enter keeps it, as Esc does.
      const current = labels[permissions.modes().findIndex((m) => m.id === permissions.mode())];
      const picked = await ui.select("Permission mode", labels, { initial: current });
      const mode = permissions.modes()[labels.indexOf(picked ?? "")];
      if (!mode) return undefined;
      permissions.setMode(mode.id);
      return `Permission mode: ${mode.id}`;
    },
  };
}

function overview(permissions: Permissions): string {
  const rules = permissions.rules();
  const lines = [`Permission mode: ${permissions.mode()}`];
  for (const kind of ["deny", "ask", "allow"] as const) {
    const list = rules.filter((r) => r.kind === kind);
    if (list.length) lines.push(`${kind}: ${list.map((r) => `${r.text} (${r.source})`).join(", ")}`);
  }
  if (rules.length === 0) lines.push("No rules (permissions.allow, permissions.deny, permissions.ask in settings.json).");
  return lines.join("\n");
}
