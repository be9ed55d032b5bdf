// pi-coding-agent's image and clipboard helpers. pi-kernel carries no image codec, so images are
// never re-encoded: one within the limits is handed back as it is, and one that would need
// scaling or conversion gets pi's "could not process" answer (null) or a clear error.
import { open } from "node:fs/promises";
import { getImageDimensions } from "./tui-image.js";
import { unavailable } from "./unavailable.js";

export interface ResizedImage {
  data: string;
  mimeType: string;
  originalWidth: number;
  originalHeight: number;
  width: number;
  height: number;
  wasResized: boolean;
}
export interface ImageResizeOptions {
  maxWidth?: number;
  maxHeight?: number;
  maxBytes?: number;
}

/** pi 1.x: (bytes, mimeType, options); 0.73.1: ({data, mimeType}, options). */
export async function resizeImage(
  input: Uint8Array | { data: string; mimeType: string },
  mimeTypeOrOptions?: string | ImageResizeOptions,
  options: ImageResizeOptions = {},
): Promise<ResizedImage | null> {
  const isBytes = input instanceof Uint8Array;
  const data = isBytes ? Buffer.from(input).toString("base64") : input.data;
  const mimeType = isBytes ? String(mimeTypeOrOptions) : input.mimeType;
  const o = (isBytes ? options : (mimeTypeOrOptions as ImageResizeOptions | undefined)) ?? {};
  const dims = getImageDimensions(data, mimeType);
  if (!dims) return null;
  const fits =
    dims.widthPx <= (o.maxWidth ?? 2000) &&
    dims.heightPx <= (o.maxHeight ?? 2000) &&
    Buffer.byteLength(data, "base64") <= (o.maxBytes ?? 4.5 * 1024 * 1024);
  if (!fits) return null;
  return {
    data,
    mimeType,
    originalWidth: dims.widthPx,
    originalHeight: dims.heightPx,
    width: dims.widthPx,
    height: dims.heightPx,
    wasResized: false,
  };
}

export function formatDimensionNote(result: ResizedImage): string | undefined {
  if (!result.wasResized) return undefined;
  const scale = result.originalWidth / result.width;
  return `[Image: original ${result.originalWidth}x${result.originalHeight}, displayed at ${result.width}x${result.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}

export const convertToPng = unavailable("convertToPng", "image conversion (pi-kernel carries no image codec)");

const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ["image/png", (b) => b.readUInt32BE(0) === 0x89504e47],
  ["image/jpeg", (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ["image/gif", (b) => b.toString("ascii", 0, 4) === "GIF8"],
  ["image/webp", (b) => b.toString("ascii", 0, 4) === "RIFF" && b.toString("ascii", 8, 12) === "WEBP"],
];

/** The image type a file's first bytes say it is (png, jpeg, gif, webp), or null. */
export async function detectSupportedImageMimeTypeFromFile(filePath: string): Promise<string | null> {
  const file = await open(filePath, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, 16, 0);
    if (bytesRead < 12) return null;
    return SIGNATURES.find(([, test]) => test(head))?.[0] ?? null;
  } finally {
    await file.close();
  }
}

function run(command: string, args: string[], input: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = process.getBuiltinModule("node:child_process").spawn(command, args, { stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
    child.stdin.end(input);
  });
}

/** Copies text with the platform's clipboard tool, else with the terminal's OSC 52 sequence. */
export async function copyToClipboard(text: string): Promise<void> {
  const tools: [string, string[]][] =
    process.platform === "darwin"
      ? [["pbcopy", []]]
      : process.platform === "win32"
        ? [["clip", []]]
        : [
            ["wl-copy", []],
            ["xclip", ["-selection", "clipboard"]],
            ["xsel", ["--clipboard", "--input"]],
          ];
  for (const [command, args] of tools) if (await run(command, args, text)) return;
  if (!process.stdout.isTTY) throw new Error("No clipboard tool found (pbcopy, wl-copy, xclip or xsel) and no terminal for OSC 52");
  process.stdout.write(`\x1b]52;c;${Buffer.from(text).toString("base64")}\x07`);
}
