// What the editor holds besides its text: large pastes shown as `[paste #N +M lines]` /
// `[paste #N C chars]` markers and images shown as `[image #N]`. A marker stands for its content
// until the prompt is submitted; then pastes are expanded in place and images travel beside the
// text. Markers are atomic in the editor (motion and deletion skip whole markers).

export interface EditorImage {
  type: "image";
  data: string;
  mimeType: string;
}

/** A paste is "large" (shown as a marker) above these, as pi does. */
export const LARGE_PASTE_LINES = 10;
export const LARGE_PASTE_CHARS = 1000;

const MARKER = /\[(?:paste #(\d+)(?: (?:\+\d+ lines|\d+ chars))?|image #(\d+))\]/g;

export interface Submission {
  text: string;
  images: EditorImage[];
  /** The text as it was in the editor, markers unexpanded (what was typed, not pasted). */
  typed: string;
}

export class EditorAttachments {
  private readonly pastes = new Map<number, string>();
  private readonly images = new Map<number, EditorImage>();
  private pasteCount = 0;
  private imageCount = 0;

  /** The marker for a large paste, or undefined when the text is small enough to insert as is. */
  addPaste(text: string): string | undefined {
    const lines = text.split("\n").length;
    if (lines <= LARGE_PASTE_LINES && text.length <= LARGE_PASTE_CHARS) return undefined;
    const id = ++this.pasteCount;
    this.pastes.set(id, text);
    return lines > LARGE_PASTE_LINES ? `[paste #${id} +${lines} lines]` : `[paste #${id} ${text.length} chars]`;
  }

  addImage(image: EditorImage): string {
    const id = ++this.imageCount;
    this.images.set(id, image);
    return `[image #${id}]`;
  }

  get empty(): boolean {
    return this.pastes.size === 0 && this.images.size === 0;
  }

  /** [start, end) of each live marker in a line (markers of dropped attachments are plain text). */
  /** The marker on `line` that ends at `col`, if any. */
  markerEndingAt(line: string, col: number): [number, number] | undefined {
    return this.markers(line).find(([, end]) => end === col);
  }

  /** The marker on `line` that starts at `col`, if any. */
  markerStartingAt(line: string, col: number): [number, number] | undefined {
    return this.markers(line).find(([start]) => start === col);
  }

  markers(line: string): [number, number][] {
    if (this.empty || !line.includes("[")) return [];
    const out: [number, number][] = [];
    for (const m of line.matchAll(MARKER)) {
      if (this.lookup(m) !== undefined) out.push([m.index, m.index + m[0].length]);
    }
    return out;
  }

  /** The text with paste markers replaced by what was pasted (image markers stay). */
  expandPastes(text: string): string {
    if (this.pastes.size === 0) return text;
    return text.replace(MARKER, (whole, paste?: string) => (paste ? (this.pastes.get(Number(paste)) ?? whole) : whole));
  }

  /** What to send: pastes expanded, and the images whose markers are still in the text, in order. */
  submission(text: string): Submission {
    const images: EditorImage[] = [];
    for (const m of text.matchAll(MARKER)) {
      const image = m[2] ? this.images.get(Number(m[2])) : undefined;
      if (image && !images.includes(image)) images.push(image);
    }
    return { text: this.expandPastes(text), images, typed: text };
  }

  /**
   * Re-attaches a sent message's images (a queued message coming back): its `[image #N]` markers,
   * in order, get these images under fresh markers. Returns the text and the images left over.
   */
  reattach(text: string, images: EditorImage[]): { text: string; rest: EditorImage[] } {
    const renamed = new Map<string, string>();
    let next = 0;
    const out = text.replace(/\[image #\d+\]/g, (marker) => {
      if (!renamed.has(marker)) {
        if (next >= images.length) return marker;
        renamed.set(marker, this.addImage(images[next++]));
      }
      return renamed.get(marker)!;
    });
    return { text: out, rest: images.slice(next) };
  }

  clear(): void {
    this.pastes.clear();
    this.images.clear();
    this.pasteCount = 0;
    this.imageCount = 0;
  }

  private lookup(m: RegExpMatchArray): unknown {
    return m[1] ? this.pastes.get(Number(m[1])) : this.images.get(Number(m[2]));
  }
}
