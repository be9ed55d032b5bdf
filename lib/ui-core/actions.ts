// What the user's keys and submissions do to the agent: prompt, steer or queue a follow-up,
// abort (putting queued text back in the editor), pick or cycle models and thinking levels,
// open $VISUAL/$EDITOR, and run `!cmd`.
import { SelectList } from "../tui/select-list.js";
import type { ThemesService } from "../tui/theme.js";
import type { Model, ThinkingLevel } from "pi-kernel";
import type { InteractiveApp } from "./app.js";
import { runUserBash } from "./bash-run.js";
import { editExternally } from "./external-editor.js";

interface ModelsService { list(): Model[]; resolve(pattern: string, provider?: string): Model | undefined; apiKey(model: Model): Promise<string | undefined> }

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

export type Actions = ReturnType<typeof createActions>;

export function createActions(app: InteractiveApp) {
  const api = () => app.api;
  const models = (): ModelsService | undefined => (api().services.get<ModelsService>("models"));

  const prompt = (text: string) => {
    api().actions.prompt(text, { source: "interactive" }).catch((error: Error) => app.notify(error.message, "error"));
  };

  const isCommand = (text: string) => {
    const m = /^\/(\S+)/.exec(text);
    return !!m && api().registry.get("command", m[1]) !== undefined;
  };

  const setModel = (model: Model) => {
    api().actions.setModel(model);
    // Keep the level within what the new model can do.
    if (!model.reasoning && api().agent.thinkingLevel !== "off") api().actions.setThinkingLevel("off");
    app.render();
  };

  /** The models Ctrl+P cycles through: --models / settings enabledModels patterns, else all. */
  const scopedModels = (): Model[] => {
    const svc = models();
    if (!svc) return [];
    const patterns = String(api().flags.models ?? (Array.isArray(api().settings.enabledModels) ? (api().settings.enabledModels as string[]).join(",") : ""))
      .split(",").map((p) => p.trim()).filter(Boolean);
    if (!patterns.length) return svc.list();
    const seen = new Set<string>();
    return patterns.map((p) => svc.resolve(p.replace(/:(off|minimal|low|medium|high|xhigh)$/, ""))).filter((m): m is Model => {
      if (!m || seen.has(`${m.provider}/${m.id}`)) return false;
      seen.add(`${m.provider}/${m.id}`);
      return true;
    });
  };

  return {
    prompt,

    submit(mode: "steer" | "followUp"): void {
      const text = app.editor.getText();
      if (!text.trim()) return;
      app.editor.remember(text);
      app.editor.clear();
      app.autocomplete.hide();
      if (text.startsWith("!") && !app.api.agent.isStreaming) {
        const excluded = text.startsWith("!!");
        const command = text.slice(excluded ? 2 : 1).trim();
        if (command) void runUserBash(app, command, excluded);
        return;
      }
      if (!api().agent.isStreaming || isCommand(text)) return prompt(text);
      if (mode === "followUp") api().actions.followUp(text);
      else api().actions.steer(text);
    },

    abort(): void {
      const queued = api().actions.clearQueues();
      api().actions.abort();
      const texts = queued.map((m) => {
        const c = (m as { content?: unknown }).content;
        return typeof c === "string" ? c : Array.isArray(c) ? c.filter((x) => x.type === "text").map((x) => x.text).join("\n") : "";
      }).filter(Boolean);
      if (texts.length) app.editor.setText([...texts, app.editor.getText()].filter(Boolean).join("\n\n"));
    },

    dequeue(): void {
      const queued = api().actions.clearQueues();
      if (!queued.length) return;
      const texts = queued.map((m) => (m as { content?: unknown }).content).map((c) => (typeof c === "string" ? c : ""));
      app.editor.setText([...texts, app.editor.getText()].filter(Boolean).join("\n\n"));
    },

    cycleThinking(): void {
      const model = api().agent.model;
      if (!model?.reasoning) return app.notify("The current model does not support thinking", "info");
      const next = LEVELS[(LEVELS.indexOf(api().agent.thinkingLevel) + 1) % LEVELS.length];
      api().actions.setThinkingLevel(next);
    },

    async cycleModel(direction: 1 | -1): Promise<void> {
      const list = scopedModels();
      if (list.length < 2) return app.notify(list.length ? "Only one model available to cycle" : "No models available (configure models.json)", "info");
      const cur = api().agent.model;
      const i = list.findIndex((m) => m.provider === cur?.provider && m.id === cur?.id);
      setModel(list[(i + direction + list.length) % list.length]);
    },

    selectModel(search = ""): void {
      const svc = models();
      if (!svc) return app.notify("No models service in this agent", "warning");
      const list = svc.list();
      if (!list.length) return app.notify("No models available: configure ~/.pi/agent/models.json", "warning");
      const cur = api().agent.model;
      const items = list.map((m) => ({ value: `${m.provider}/${m.id}`, label: `${m.provider}/${m.id}`, description: m.name !== m.id ? m.name : undefined }));
      const selector = new SelectList({
        title: "Select model", items, theme: () => app.theme(), keys: app.keys, maxVisible: 10,
        initial: list.findIndex((m) => m.provider === cur?.provider && m.id === cur?.id),
        onDone: (value) => {
          app.openOverlay(undefined);
          const chosen = list.find((m) => `${m.provider}/${m.id}` === value);
          if (chosen) setModel(chosen);
        },
      });
      for (const ch of search) selector.handle({ type: "key", key: { name: ch, ctrl: false, alt: false, shift: false, text: ch } });
      app.openOverlay(selector);
    },

    /** `/theme [name]`: switch at once, or pick from the list. */
    selectTheme(name: string): void {
      if (!api().services.has("themes")) return app.notify("No themes plugin in this agent", "warning");
      const svc = api().services.use<ThemesService>("themes");
      const apply = (chosen: string | undefined) => {
        if (!chosen) return;
        try {
          svc.set(chosen);
          app.notify(`Theme: ${chosen}`);
        } catch (error) {
          app.notify((error as Error).message, "error");
        }
      };
      if (name) return apply(name);
      const list = svc.list();
      app.openOverlay(new SelectList({
        title: "Select theme", items: list.map((t) => ({ value: t.name, label: t.name, description: t.source })),
        theme: () => app.theme(), keys: app.keys, maxVisible: 10, initial: list.findIndex((t) => t.name === svc.current().name),
        onDone: (chosen) => { app.openOverlay(undefined); apply(chosen); },
      }));
    },

    async externalEditor(): Promise<void> {
      const text = await editExternally(app, app.editor.getText());
      if (text !== undefined) app.editor.setText(text.replace(/\n$/, ""));
      app.render();
    },
  };
}
