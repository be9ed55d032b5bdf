// What the user's keys and submissions do to the agent: prompt, steer or queue a follow-up,
// abort (putting queued text back in the editor), pick or cycle models and thinking levels,
// open $VISUAL/$EDITOR, run `!cmd`, paste text, files and clipboard images, and suspend.
import { SelectList } from "../../lib/tui/index.js";
import type { AgentMessage, ImageContent, Model, ThinkingLevel } from "pi-kernel";
import type { InteractiveApp } from "./app.js";
import { runUserBash } from "./bash-run.js";
import { readClipboardImage } from "./clipboard-image.js";
import { editExternally } from "./external-editor.js";
import { droppedImagePaths, imagePathsIn, readImageFile } from "./image-files.js";
import { suspendToBackground } from "./suspend.js";

const LEVELS: ThinkingLevel[] = ["off", "minimal", "low", "medium", "high", "xhigh"];

export type Actions = ReturnType<typeof createActions>;

export function createActions(app: InteractiveApp) {
  const api = () => app.api;
  const models = () => api().services.get("models");

  const prompt = (text: string, images: ImageContent[] = [], streamingBehavior?: "steer" | "followUp") => {
    api()
      .actions.prompt(text, { source: "interactive", images: images.length ? images : undefined, streamingBehavior })
      .catch((error: Error) => app.notify(error.message, "error"));
  };

  /** Reads image files into attachments; a file that cannot be read is named in a notice. */
  const readImages = (paths: string[]): ImageContent[] =>
    paths.flatMap((path) => {
      const image = readImageFile(path);
      if (typeof image === "string") {
        app.notify(image, "warning");
        return [];
      }
      return [image];
    });

  /** Puts queued messages back in the editor above what is there, their images as markers again. */
  const restoreQueued = (queued: AgentMessage[]) => {
    const texts = queued
      .map((m) => {
        const c = (m as { content?: unknown }).content;
        if (typeof c === "string") return c;
        if (!Array.isArray(c)) return "";
        const parts = c as (ImageContent | { type: "text"; text: string })[];
        const images = parts.filter((x): x is ImageContent => x.type === "image");
        const written = parts
          .filter((x) => x.type === "text")
          .map((x) => (x as { text: string }).text)
          .join("\n");
        const { text, rest } = app.editor.attachments.reattach(written, images);
        // Images from typed paths come back when the text is sent again; others get markers.
        const markers = rest.slice(imagePathsIn(text).length).map((x) => app.editor.attachments.addImage(x));
        return [text, ...markers].filter(Boolean).join(" ");
      })
      .filter(Boolean);
    if (texts.length) app.editor.setText([...texts, app.editor.getText()].filter(Boolean).join("\n\n"));
  };

  const isCommand = (text: string) => {
    const m = /^\/(\S+)/.exec(text);
    return !!m && api().registry.get("command", m[1]) !== undefined;
  };

  const setModel = (model: Model) => {
    const svc = models();
    // The models service keeps the preferred thinking level across models that cannot think.
    if (svc) svc.select(model);
    else api().actions.setModel(model);
    app.render();
  };

  /** The models Ctrl+P cycles through: --models / settings enabledModels patterns, else all. */
  const scopedModels = (): Model[] => {
    const svc = models();
    if (!svc) return [];
    const patterns = String(
      api().flags.models ?? (Array.isArray(api().settings.enabledModels) ? (api().settings.enabledModels as string[]).join(",") : ""),
    )
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean);
    if (!patterns.length) return svc.list();
    const seen = new Set<string>();
    return patterns
      .map((p) => svc.resolve(p.replace(/:(off|minimal|low|medium|high|xhigh)$/, "")))
      .filter((m): m is Model => {
        if (!m || seen.has(`${m.provider}/${m.id}`)) return false;
        seen.add(`${m.provider}/${m.id}`);
        return true;
      });
  };

  return {
    prompt,

    submit(mode: "steer" | "followUp"): void {
      if (!app.editor.getText().trim()) return;
      const { text, images: pasted, typed: written } = app.editor.submit();
      app.autocomplete.hide();
      if (text.startsWith("!") && !app.api.agent.isStreaming) {
        const excluded = text.startsWith("!!");
        const command = text.slice(excluded ? 2 : 1).trim();
        if (command) void runUserBash(app, command, excluded);
        return;
      }
      // A path typed (or dropped by a terminal without bracketed paste) to an image file attaches it.
      // (Only in what was typed: a path inside a large pasted log is left alone.)
      const typed = isCommand(text) ? [] : readImages(imagePathsIn(written));
      const images = [...pasted, ...typed];
      // While the agent works, commands still run at once; anything else (a template or skill
      // expanded first, as in pi) is queued as steering or a follow-up.
      return prompt(text, images, api().agent.isStreaming ? mode : undefined);
    },

    /** A bracketed paste: dropped image files become attachments, large text a marker. */
    paste(text: string): void {
      const paths = droppedImagePaths(text);
      if (!paths) return app.editor.paste(text);
      for (const path of paths) {
        const image = readImageFile(path);
        if (typeof image !== "string") {
          app.editor.attachImage(image);
          continue;
        }
        // Not an image after all: say why, and keep the path as text.
        app.notify(image, "warning");
        app.editor.insert(`${path} `);
      }
    },

    /** Ctrl+V: attaches the clipboard's image, or says why there is none. */
    async pasteImage(): Promise<void> {
      const result = await readClipboardImage();
      if ("problem" in result) return app.notify(result.problem, "warning");
      app.editor.attachImage(result.image);
      app.render();
    },

    suspend(): void {
      suspendToBackground(app);
    },

    abort(): void {
      const queued = api().actions.clearQueues();
      api().actions.abort();
      restoreQueued(queued);
    },

    dequeue(): void {
      restoreQueued(api().actions.clearQueues());
    },

    cycleThinking(): void {
      const model = api().agent.model;
      if (!model?.reasoning) return app.notify("The current model does not support thinking", "info");
      const next = LEVELS[(LEVELS.indexOf(api().agent.thinkingLevel) + 1) % LEVELS.length];
      api().actions.setThinkingLevel(next);
    },

    async cycleModel(direction: 1 | -1): Promise<void> {
      const list = scopedModels();
      if (list.length < 2)
        return app.notify(
          list.length ? "Only one model available to cycle" : "No models available: /login, an API key, or models.json",
          "info",
        );
      // The models service cycles as RPC's cycle_model does (scope levels, preferred level).
      const svc = models();
      if (svc?.cycle(direction === 1 ? "forward" : "backward")) return app.render();
      const cur = api().agent.model;
      const i = list.findIndex((m) => m.provider === cur?.provider && m.id === cur?.id);
      setModel(list[(i + direction + list.length) % list.length]);
    },

    selectModel(search = ""): void {
      const svc = models();
      if (!svc) return app.notify("No models service in this agent", "warning");
      const list = svc.list();
      if (!list.length) return app.notify(`No models available: /login, an API key, or ${api().agentDir}/models.json`, "warning");
      const cur = api().agent.model;
      const items = list.map((m) => ({
        value: `${m.provider}/${m.id}`,
        label: `${m.provider}/${m.id}`,
        description: m.name !== m.id ? m.name : undefined,
      }));
      const selector = new SelectList({
        title: "Select model",
        items,
        theme: () => app.theme(),
        keys: app.keys,
        maxVisible: 10,
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
      const svc = api().services.use("themes");
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
      app.openOverlay(
        new SelectList({
          title: "Select theme",
          items: list.map((t) => ({ value: t.name, label: t.name, description: t.source })),
          theme: () => app.theme(),
          keys: app.keys,
          maxVisible: 10,
          initial: list.findIndex((t) => t.name === svc.current().name),
          onDone: (chosen) => {
            app.openOverlay(undefined);
            apply(chosen);
          },
        }),
      );
    },

    async externalEditor(): Promise<void> {
      // The editor gets large pastes written out, as pi does (image markers stay markers).
      const text = await editExternally(app, app.editor.expandedText());
      if (text !== undefined) app.editor.setText(text.replace(/\n$/, ""));
      app.render();
    },
  };
}
