// The full-screen frame for the interactive UI (`--ui fullscreen`, setting `ui`, or `/ui` at any
// time): transcript pane with scrolling and search, editor, footer, dialogs as overlays. The
// interaction model is the interactive app's (plugins/ui-interactive), reached through its
// "interactive" service; neo-blessed is loaded only when this frame is first used.
import { definePlugin } from "pi-kernel";

const NAMES = ["inline", "fullscreen"];
// UIs that run beside the terminal one on the same session (`/ui web`); the terminal UI stays.
const BESIDE = ["web"];

export default definePlugin({
  name: "ui-fullscreen",
  provides: ["ui-frame:fullscreen"],
  uses: ["interactive", "ui-frame:inline", "ui-beside:web"],
  after: ["ui-interactive"],
  setup(api) {
    api.services.provide("ui-frame:fullscreen", async () => new (await import("./fullscreen-frame.js")).FullscreenFrame());
    api.register.command({
      name: "ui",
      description: "Switch between the inline and the full-screen UI, or serve the session to the web UI beside it",
      argumentHint: "[inline|fullscreen|web]",
      source: "builtin",
      getArgumentCompletions: (prefix) =>
        [...NAMES, ...BESIDE.filter((n) => api.services.has(`ui-beside:${n}`))]
          .filter((n) => n.startsWith(prefix))
          .map((value) => ({ value })),
      async handler(args) {
        const app = api.services.get("interactive")?.app();
        if (!app) throw new Error("/ui needs the interactive UI");
        const wanted = args.trim() || (app.frameName === "fullscreen" ? "inline" : "fullscreen");
        const beside = BESIDE.includes(wanted) ? api.services.get(`ui-beside:${wanted}`) : undefined;
        if (beside) return app.notify(await beside(), "info");
        const service = `ui-frame:${wanted}` as const;
        if (!api.services.has(service))
          return app.notify(
            `Unknown UI "${wanted}" (available: ${NAMES.filter((n) => api.services.has(`ui-frame:${n}`)).join(", ")})`,
            "warning",
          );
        if (wanted === app.frameName) return;
        app.swapFrame(await api.services.use(service)());
      },
    });
  },
});
