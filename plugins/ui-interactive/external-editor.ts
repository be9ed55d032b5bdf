// Ctrl+G: edit the prompt in $VISUAL or $EDITOR. The terminal is handed over (raw mode off, the
// full-screen UI's alternate screen left) while the editor runs, then the UI is drawn again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InteractiveApp } from "./app.js";

export async function editExternally(app: InteractiveApp, text: string): Promise<string | undefined> {
  const editor = process.env.VISUAL || process.env.EDITOR;
  if (!editor) {
    app.notify("Set $VISUAL or $EDITOR to edit the prompt in an external editor", "warning");
    return undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), "pi-prompt-"));
  const file = join(dir, "prompt.md");
  writeFileSync(file, text);
  app.releaseTerminal();
  try {
    const code = await new Promise<number | null>((resolve) => {
      // Through the shell, so EDITOR="code --wait" works.
      const child = process.getBuiltinModule("node:child_process").spawn(`${editor} "${file}"`, { stdio: "inherit", shell: true });
      child.on("error", () => resolve(-1));
      child.on("close", resolve);
    });
    if (code !== 0) {
      app.notify(`${editor} exited with ${code}; the prompt is unchanged`, "warning");
      return undefined;
    }
    return readFileSync(file, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
    app.reclaimTerminal();
  }
}
