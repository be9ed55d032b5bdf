// Desktop notifications through the terminal (interactive mode): when a run ends, a question waits
// for the person (the UI's `ui_dialog` events: permission prompts, select, confirm, input), or a
// background job ends while the agent is idle, and the person is not looking, send OSC 9, OSC 777 or a bell
// (picked by TERM_PROGRAM; settings `notifications.method`, `delaySeconds`, `tmuxPassthrough`).
// Focus comes from the terminal's focus reports (CSI ?1004h), read alongside the UI's own input:
// the UI's key parser drops the unknown `ESC [ I` / `ESC [ O` sequences.
import { definePlugin, isEvent, type PluginDef, Type } from "pi-kernel";
import type {} from "../../contracts/shell-jobs.js";
import { Attention, type NotificationSettings } from "./attention.js";
import { FOCUS_OFF, FOCUS_ON, focusChange } from "./sequences.js";

declare module "pi-kernel" {
  interface Settings {
    notifications: NotificationSettings;
  }
}

/** Where the plugin talks to the terminal: the process's by default (tests pass a virtual one). */
export interface NotificationTerminal {
  output: { write(data: string): unknown };
  input: {
    on(event: "data", fn: (data: Buffer | string) => void): unknown;
    off(event: "data", fn: (data: Buffer | string) => void): unknown;
  };
  env: NodeJS.ProcessEnv;
  /** Whether there is a terminal at all (interactive mode on a TTY). */
  isTTY: boolean;
}

const processTerminal = (): NotificationTerminal => ({
  output: process.stdout,
  input: process.stdin,
  env: process.env,
  isTTY: process.stdout.isTTY === true && process.stdin.isTTY === true,
});

export function createNotifications(terminal: () => NotificationTerminal = processTerminal): PluginDef {
  return definePlugin({
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
      const term = terminal();
      if (!term.isTTY) return;
      const attention = new Attention(
        (data) => term.output.write(data),
        term.env,
        () => (api.settings.notifications ?? {}) as NotificationSettings,
      );
      const onData = (data: Buffer | string) => {
        const focus = focusChange(data.toString());
        if (focus !== undefined) attention.focusChanged(focus);
      };
      let reporting = false;
      api.on("boot", () => {
        if (reporting || attention.method() === "off") return;
        reporting = true;
        term.input.on("data", onData);
        term.output.write(FOCUS_ON);
      });
      api.onDispose(() => {
        attention.questionAnswered();
        if (!reporting) return;
        term.input.off("data", onData);
        term.output.write(FOCUS_OFF);
      });
      api.on("event", (e) => {
        if (e.type === "agent_start") attention.runStarted();
        else if (e.type === "agent_settled") attention.runEnded("waiting for you");
        else if (isEvent(e, "ui_dialog")) {
          if (e.open) attention.questionAsked(`waiting for your answer${e.title ? `: ${e.title.split("\n")[0]}` : ""}`);
          else attention.questionAnswered();
        } else if (isEvent(e, "job_exit") && !api.agent.isStreaming) attention.jobEnded(`${e.job.id} ended: ${e.job.command}`);
      });
    },
  });
}

export default createNotifications();
