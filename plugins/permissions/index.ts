// Permission modes and rules on the toolCall gate: provides the "permissions" service. The mode
// comes from --permission-mode, else the permissions.mode setting, else yolo (pi's behaviour);
// the UIs cycle it with a shortcut (alt+m, or permissions.cycleKey), `/permissions` shows and
// sets it, RPC clients use get_permission_mode / set_permission_mode / cycle_permission_mode.
// Every tool passes the gate: built-in, plugin and MCP tools alike.
import { definePlugin, Stage, Type } from "pi-kernel";
import type { PermissionMode } from "../../contracts/permissions.js";
import { permissionsCommand } from "./command.js";
import { type KeptState, Permissions } from "./permissions.js";
import { MODE_ORDER, PermissionSettings } from "./settings.js";
import { Stages } from "../../contracts/stages.js";

export default definePlugin({
  name: "permissions",
  provides: ["permissions"],
  uses: ["ui", "sessions"],
  flags: {
    "permission-mode": { type: "string", choices: MODE_ORDER, default: "yolo", description: "start in this permission mode" },
  },
  settings: Type.Object({
    permissions: Type.Optional(
      Type.Object({
        mode: Type.Optional(Type.Union(MODE_ORDER.map((m) => Type.Literal(m)))),
        allow: Type.Optional(Type.Array(Type.String())),
        deny: Type.Optional(Type.Array(Type.String())),
        ask: Type.Optional(Type.Array(Type.String())),
        cycleKey: Type.Optional(Type.String()),
      }),
    ),
  }),
  setup(api) {
    const report = (message: string) => api.diagnose({ level: "warning", code: "permissions-settings", message });
    const claude = () => (api.settings.compat as { claude?: unknown } | undefined)?.claude !== false;
    const settings = new PermissionSettings(api.agentDir, api.cwd, report, claude);
    const state = api.keep<KeptState>("state", () => ({
      mode: startMode(api.flags.permissionMode, settings, (d) => api.diagnose(d)),
      sessionRules: [],
    }));
    const permissions = new Permissions(api, state, settings);
    api.services.provide("permissions", permissions);
    // LATE: other taps may rewrite a call's input in place; the rules must judge (and the user
    // must see) the call that will actually run. A tap before us that blocks ends it anyway.
    api.on("toolCall", (event) => permissions.gate(event), { stage: Stage.LATE });

    const showMode = (mode: PermissionMode) =>
      api.services.get("ui")?.setStatus("permissions", mode === "yolo" ? undefined : `mode: ${mode}`);
    permissions.onModeChange(showMode);
    // At start only a mode other than the default is worth a footer line (and an RPC status request).
    // LATE: the interactive UI provides "ui" at its launch stage in the same boot; at NORMAL it is not there yet.
    api.on(
      "boot",
      () => {
        if (permissions.mode() !== "yolo") showMode(permissions.mode());
      },
      { stage: Stages.LATE },
    );

    const key =
      typeof (api.settings.permissions as { cycleKey?: unknown } | undefined)?.cycleKey === "string"
        ? String((api.settings.permissions as { cycleKey: string }).cycleKey)
        : "alt+m";
    api.register.shortcut({
      name: key,
      description: "Cycle the permission mode (yolo, ask, accept-edits, read-only)",
      handler: () => {
        const mode = permissions.cycle();
        const info = permissions.modes().find((m) => m.id === mode);
        api.services.get("ui")?.notify(`Permission mode: ${mode} (${info?.description})`);
      },
    });
    api.register.command(permissionsCommand(api, permissions));
    api.register.rpcCommand({ name: "get_permission_mode", handler: () => ({ mode: permissions.mode(), modes: permissions.modes() }) });
    api.register.rpcCommand({
      name: "set_permission_mode",
      handler: (cmd) => {
        permissions.setMode(cmd.mode as PermissionMode);
        return { mode: permissions.mode() };
      },
    });
    api.register.rpcCommand({ name: "cycle_permission_mode", handler: () => ({ mode: permissions.cycle() }) });
  },
});

/** --permission-mode, else the setting, else yolo. A mode that does not exist is read-only until fixed (fail closed). */
function startMode(
  flag: unknown,
  settings: PermissionSettings,
  diagnose: (d: { level: "error"; code: string; message: string }) => void,
): PermissionMode {
  if (flag === undefined) return settings.mode() ?? "yolo";
  if (MODE_ORDER.includes(flag as PermissionMode)) return flag as PermissionMode;
  diagnose({
    level: "error",
    code: "permissions-invalid-mode",
    message: `--permission-mode ${JSON.stringify(flag)} is not a mode (${MODE_ORDER.join(", ")}); using read-only until it is fixed`,
  });
  return "read-only";
}
