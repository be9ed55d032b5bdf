// Ctrl+V: the image on the system clipboard. Linux asks wl-paste (Wayland) and xclip (X11) which
// types the clipboard offers and reads the best image type; macOS has osascript write the
// clipboard's PNG to a temporary file. Each outcome that is not an image says why.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EditorImage } from "../../lib/tui/index.js";
import { imageFromBytes } from "./image-files.js";

export type ClipboardImage = { image: EditorImage } | { problem: string };

const PREFERRED = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const LIST_TIMEOUT_MS = 2000;
const READ_TIMEOUT_MS = 5000;

type RunResult = { ok: true; stdout: Buffer } | { ok: false; missing: boolean; message: string };

function run(command: string, args: string[], timeout: number): Promise<RunResult> {
  return new Promise((resolve) => {
    process
      .getBuiltinModule("node:child_process")
      .execFile(command, args, { encoding: "buffer", timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, stdout });
        const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
        const detail = stderr.toString().trim().split("\n")[0] || error.message;
        resolve({ ok: false, missing, message: `${command}: ${detail}` });
      });
  });
}

interface Reader {
  tool: string;
  list: string[];
  read(type: string): string[];
}

const WL_PASTE: Reader = { tool: "wl-paste", list: ["--list-types"], read: (t) => ["--type", t, "--no-newline"] };
const XCLIP: Reader = {
  tool: "xclip",
  list: ["-selection", "clipboard", "-t", "TARGETS", "-o"],
  read: (t) => ["-selection", "clipboard", "-t", t, "-o"],
};

/** The image type to ask for among those offered (parameters like ";charset" ignored). */
function pickType(offered: string[]): string | undefined {
  const types = offered.map((t) => t.trim().split(";")[0].toLowerCase());
  return PREFERRED.find((p) => types.includes(p)) ?? (types.includes("image/jpg") ? "image/jpg" : undefined);
}

type Outcome = ClipboardImage | { missing: true };

async function readWith(reader: Reader): Promise<Outcome> {
  const listed = await run(reader.tool, reader.list, LIST_TIMEOUT_MS);
  if (!listed.ok) return listed.missing ? { missing: true } : { problem: listed.message };
  const type = pickType(listed.stdout.toString().split("\n"));
  if (!type) return { problem: "There is no image in the clipboard" };
  const data = await run(reader.tool, reader.read(type), READ_TIMEOUT_MS);
  if (!data.ok) return { problem: data.message };
  if (data.stdout.length === 0) return { problem: "There is no image in the clipboard" };
  const image = imageFromBytes(data.stdout, `The clipboard's ${type}`);
  return typeof image === "string" ? { problem: image } : { image };
}

async function readLinux(env: NodeJS.ProcessEnv): Promise<ClipboardImage> {
  const wayland = Boolean(env.WAYLAND_DISPLAY) || env.XDG_SESSION_TYPE === "wayland";
  const readers = wayland ? [WL_PASTE, XCLIP] : [XCLIP, WL_PASTE];
  let first: ClipboardImage | undefined;
  for (const reader of readers) {
    const outcome = await readWith(reader);
    if ("image" in outcome) return outcome;
    if ("problem" in outcome) first ??= outcome;
  }
  return first ?? { problem: "Pasting an image needs wl-paste (package wl-clipboard) or xclip; neither is installed" };
}

async function readMac(): Promise<ClipboardImage> {
  const dir = mkdtempSync(join(tmpdir(), "pi-clipboard-"));
  const file = join(dir, "clipboard.png");
  try {
    const script = [
      "set png to (the clipboard as «class PNGf»)",
      `set f to open for access (POSIX file "${file}") with write permission`,
      "write png to f",
      "close access f",
    ];
    const result = await run(
      "osascript",
      script.flatMap((line) => ["-e", line]),
      READ_TIMEOUT_MS,
    );
    if (!result.ok) return { problem: "There is no image in the clipboard" };
    const image = imageFromBytes(readFileSync(file), "The clipboard's image");
    return typeof image === "string" ? { problem: image } : { image };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function readClipboardImage(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Promise<ClipboardImage> {
  if (platform === "darwin") return readMac();
  if (platform === "win32")
    return Promise.resolve({
      problem: "Pasting an image from the clipboard is not supported on Windows yet; drag the image file in instead",
    });
  return readLinux(env);
}
