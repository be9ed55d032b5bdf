// Desktop notifications through the terminal (interactive mode): when a run ends, or a background
// job ends while the agent is idle, and the person is not looking, send OSC 9, OSC 777 or a bell
// (picked by TERM_PROGRAM; settings `notifications.method`, `delaySeconds`, `tmuxPassthrough`).
// Focus comes from the terminal's focus reports (CSI ?1004h), read alongside the UI's own input:
// the UI's key parser drops the unknown `ESC [ I` / `ESC [ O` sequences.
import { definePlugin, isEvent, Type } from "pi-kernel";
import type {} from "../../contracts/shell-jobs.js";
import { Attention, type NotificationSettings } from "./attention.js";
import { FOCUS_OFF, FOCUS_ON, focusChange } from "./sequences.js";

declare module "pi-kernel" {
  interface Settings {
    notifications: NotificationSettings;
  }
}

export default definePlugin({
  name: "notifications",
  settings: Type.Object({
    notifications: Type.Optional(
      Type.Object({
        method: Type.Optional(Type.Union(["auto", "osc9", "osc777", "bell", "off"].map((m) => Type.Literal(m)))),
        delaySeconds: Type.Optional(Type.Number({ minimum: 0 })),
        tmuxPassthrough: Type.Optional(Type.Boolean()),
      }),
    ),
  }),
  setup(api) {
    if (!process.stdout.isTTY || !process.stdin.isTTY) return;
    const attention = new Attention(
      (data) => process.stdout.write(data),
      process.env,
      () => (api.settings.notifications ?? {}) as NotificationSettings,
    );
    const onData = (data: Buffer | string) => {
      const focus = focusChange(data.toString());
      if (focus !== undefined) attention.focused = focus;
    };
    let reporting = false;
    api.on("boot", () => {
      if (reporting || attention.method() === "off") return;
      reporting = true;
      process.stdin.on("data", onData);
      process.stdout.write(FOCUS_ON);
    });
    api.onDispose(() => {
      if (!reporting) return;
      process.stdin.off("data", onData);
      process.stdout.write(FOCUS_OFF);
    });
    api.on("event", (e) => {
      if (e.type === "agent_start") attention.runStarted();
      else if (e.type === "agent_settled") attention.runEnded("waiting for you");
      else if (isEvent(e, "job_exit") && !api.agent.isStreaming) attention.jobEnded(`${e.job.id} ended: ${e.job.command}`);
    });
  },
});
