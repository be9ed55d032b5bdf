// pi-tui's terminal images: capability detection (Kitty or iTerm2 inline images, true colour,
// hyperlinks), image sizes read from PNG/JPEG/GIF/WebP headers, the escape sequences that draw
// and delete images, and the Image component (a text fallback where images cannot be shown).
import type { Component } from "../../../lib/tui/index.js";

export type ImageProtocol = "kitty" | "iterm2" | null;
export interface TerminalCapabilities {
  images: ImageProtocol;
  trueColor: boolean;
  hyperlinks: boolean;
}
export interface ImageDimensions {
  widthPx: number;
  heightPx: number;
}

let cached: TerminalCapabilities | undefined;
let overrides: Partial<TerminalCapabilities> = {};
let cell = { widthPx: 9, heightPx: 18 };
let nextImageId = 1;

export function detectCapabilities(): TerminalCapabilities {
  const env = process.env;
  const term = (env.TERM_PROGRAM ?? "").toLowerCase();
  const kitty =
    !!env.KITTY_WINDOW_ID || env.TERM === "xterm-kitty" || term === "ghostty" || !!env.GHOSTTY_RESOURCES_DIR || term === "wezterm";
  const iterm = term === "iterm.app" || !!env.ITERM_SESSION_ID;
  const trueColor = env.COLORTERM === "truecolor" || env.COLORTERM === "24bit" || kitty || iterm;
  return { images: kitty ? "kitty" : iterm ? "iterm2" : null, trueColor, hyperlinks: kitty || iterm || term === "vscode" };
}
export function getCapabilities(): TerminalCapabilities {
  cached ??= detectCapabilities();
  return { ...cached, ...overrides };
}
export function setCapabilities(caps: TerminalCapabilities): void {
  cached = { ...caps };
}
export function setCapabilityOverrides(next: Partial<TerminalCapabilities>): void {
  overrides = { ...next };
}
export function resetCapabilitiesCache(): void {
  cached = undefined;
}
export const getCellDimensions = () => ({ ...cell });
export function setCellDimensions(dims: ImageDimensions): void {
  cell = { ...dims };
}
export const allocateImageId = () => nextImageId++;

const bytes = (base64: string) => Buffer.from(base64, "base64");
export function getPngDimensions(data: string): ImageDimensions | null {
  const b = bytes(data);
  return b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 ? { widthPx: b.readUInt32BE(16), heightPx: b.readUInt32BE(20) } : null;
}
export function getGifDimensions(data: string): ImageDimensions | null {
  const b = bytes(data);
  return b.length >= 10 && b.toString("ascii", 0, 3) === "GIF" ? { widthPx: b.readUInt16LE(6), heightPx: b.readUInt16LE(8) } : null;
}
export function getJpegDimensions(data: string): ImageDimensions | null {
  const b = bytes(data);
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  for (let i = 2; i + 9 < b.length; ) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    // Start-of-frame markers carry the size (C0-CF except C4, C8, CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { heightPx: b.readUInt16BE(i + 5), widthPx: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}
export function getWebpDimensions(data: string): ImageDimensions | null {
  const b = bytes(data);
  if (b.length < 30 || b.toString("ascii", 0, 4) !== "RIFF" || b.toString("ascii", 8, 12) !== "WEBP") return null;
  const kind = b.toString("ascii", 12, 16);
  if (kind === "VP8 ") return { widthPx: b.readUInt16LE(26) & 0x3fff, heightPx: b.readUInt16LE(28) & 0x3fff };
  if (kind === "VP8L") {
    const bits = b.readUInt32LE(21);
    return { widthPx: (bits & 0x3fff) + 1, heightPx: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (kind === "VP8X") return { widthPx: b.readUIntLE(24, 3) + 1, heightPx: b.readUIntLE(27, 3) + 1 };
  return null;
}
export function getImageDimensions(data: string, mimeType: string): ImageDimensions | null {
  const read = {
    "image/png": getPngDimensions,
    "image/jpeg": getJpegDimensions,
    "image/gif": getGifDimensions,
    "image/webp": getWebpDimensions,
  }[mimeType];
  return read ? read(data) : null;
}

export function calculateImageRows(image: ImageDimensions, targetWidthCells: number, cells = cell): number {
  const widthPx = targetWidthCells * cells.widthPx;
  return Math.max(1, Math.ceil((image.heightPx * (widthPx / Math.max(1, image.widthPx))) / cells.heightPx));
}

export function encodeKitty(data: string, o: { columns?: number; rows?: number; imageId?: number; moveCursor?: boolean } = {}): string {
  const params = [
    "a=T",
    "f=100",
    "q=2",
    o.columns ? `c=${o.columns}` : "",
    o.rows ? `r=${o.rows}` : "",
    o.imageId ? `i=${o.imageId}` : "",
    o.moveCursor === false ? "C=1" : "",
  ].filter(Boolean);
  const chunks = data.match(/.{1,4096}/g) ?? [""];
  return chunks
    .map((chunk, i) => `\x1b_G${i === 0 ? `${params.join(",")},` : ""}m=${i < chunks.length - 1 ? 1 : 0};${chunk}\x1b\\`)
    .join("");
}
export const deleteKittyImage = (imageId: number) => `\x1b_Ga=d,d=I,i=${imageId},q=2\x1b\\`;
export const deleteAllKittyImages = () => "\x1b_Ga=d,d=A,q=2\x1b\\";
export function encodeITerm2(
  data: string,
  o: { width?: number | string; height?: number | string; name?: string; preserveAspectRatio?: boolean; inline?: boolean } = {},
): string {
  const args = [
    `inline=${o.inline === false ? 0 : 1}`,
    o.width !== undefined ? `width=${o.width}` : "",
    o.height !== undefined ? `height=${o.height}` : "",
    o.name ? `name=${Buffer.from(o.name).toString("base64")}` : "",
    o.preserveAspectRatio === false ? "preserveAspectRatio=0" : "",
  ].filter(Boolean);
  return `\x1b]1337;File=${args.join(";")}:${data}\x07`;
}

export function renderImage(
  data: string,
  dims: ImageDimensions,
  o: { maxWidthCells?: number; imageId?: number; moveCursor?: boolean } = {},
) {
  const protocol = getCapabilities().images;
  if (!protocol) return null;
  const columns = Math.max(1, Math.min(o.maxWidthCells ?? 80, Math.ceil(dims.widthPx / cell.widthPx)));
  const rows = calculateImageRows(dims, columns);
  if (protocol === "kitty")
    return {
      sequence: encodeKitty(data, { columns, rows, imageId: o.imageId, moveCursor: o.moveCursor }),
      columns,
      rows,
      imageId: o.imageId,
    };
  return { sequence: encodeITerm2(data, { width: columns, height: "auto" }), columns, rows };
}

export function imageFallback(mimeType: string, dims?: ImageDimensions, filename?: string): string {
  const size = dims ? ` ${dims.widthPx}x${dims.heightPx}` : "";
  return `[Image: ${filename ? `${filename} ` : ""}[${mimeType}]${size}]`;
}

export function hyperlink(text: string, url: string): string {
  return `\x1b]8;;${url}\x1b\\${text}\x1b]8;;\x1b\\`;
}

export class Image implements Component {
  private readonly dims: ImageDimensions | null;
  private readonly imageId?: number;
  constructor(
    private readonly base64Data: string,
    private readonly mimeType: string,
    private readonly theme: { fallbackColor: (s: string) => string } = { fallbackColor: (s) => s },
    private readonly options: { maxWidthCells?: number; maxHeightCells?: number; filename?: string; imageId?: number } = {},
    dimensions?: ImageDimensions,
  ) {
    this.dims = dimensions ?? getImageDimensions(base64Data, mimeType);
    this.imageId = options.imageId ?? (getCapabilities().images === "kitty" ? allocateImageId() : undefined);
  }
  getImageId(): number | undefined {
    return this.imageId;
  }
  invalidate(): void {}
  render(width: number): string[] {
    const shown =
      this.dims &&
      renderImage(this.base64Data, this.dims, {
        maxWidthCells: Math.min(width, this.options.maxWidthCells ?? width),
        imageId: this.imageId,
      });
    if (!shown) return [this.theme.fallbackColor(imageFallback(this.mimeType, this.dims ?? undefined, this.options.filename))];
    // The image is drawn from the last row; the rows above are reserved blank lines.
    return [...Array.from({ length: shown.rows - 1 }, () => ""), `\x1b[${shown.rows - 1}A${shown.sequence}`];
  }
}
