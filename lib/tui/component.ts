// The retained component tree: every component renders itself to screen lines for a width, and
// containers concatenate their children. Components cache their own output, so a frame that
// changes one message costs that message, not the whole transcript.

export interface Component {
  /** Screen lines, each at most `width` columns (the renderer cuts longer ones). */
  render(width: number): string[];
  /** Drop cached output (the theme changed, a toggle flipped). */
  invalidate?(): void;
}

export class Container implements Component {
  readonly children: Component[] = [];

  add(child: Component): void {
    this.children.push(child);
  }

  insertBefore(child: Component, before: Component): void {
    const i = this.children.indexOf(before);
    if (i < 0) this.children.push(child);
    else this.children.splice(i, 0, child);
  }

  remove(child: Component): void {
    const i = this.children.indexOf(child);
    if (i >= 0) this.children.splice(i, 1);
  }

  clear(): void {
    this.children.length = 0;
  }

  // The last frame: each child's array, where it started in `out`, and `out` itself. Children
  // that cache return the same array when unchanged, so only what follows the first changed line
  // is copied again: a long transcript is not re-copied for every streamed token.
  private last: { width: number; children: Component[]; parts: string[][]; starts: number[]; out: string[] } | undefined;
  /** How many leading lines of the last render equal the render before it. */
  unchangedPrefix = 0;

  render(width: number): string[] {
    const last = this.last;
    const sameWidth = last?.width === width;
    // A child that draws afresh every frame (a Lines row, a slot, a plugin's component) returns a
    // new array of the same lines: keep its last array then, or everything after it (a 10,000-message
    // transcript above the editor) would count as changed and be copied and compared on every key.
    const parts = this.children.map((c, i) => {
      const lines = c.render(width);
      const before = sameWidth && last!.children[i] === c ? last!.parts[i] : undefined;
      return before && before !== lines && sameLines(before, lines) ? before : lines;
    });
    let from = 0;
    if (last && last.width === width) {
      while (from < parts.length && from < last.parts.length && parts[from] === last.parts[from]) from++;
      if (from === parts.length && from === last.parts.length) {
        this.unchangedPrefix = last.out.length;
        return last.out;
      }
    }
    // A changed child that is itself a container knows how much of its start stayed the same.
    const child = this.children[from] as Container | undefined;
    const same = last && last.width === width && from < last.parts.length && last.children[from] === child;
    const inner = same && child instanceof Container ? child.unchangedPrefix : 0;
    const keep = last && last.width === width ? (last.starts[from] ?? last.out.length) + inner : 0;
    const out = keep > 0 ? last!.out.slice(0, keep) : [];
    const starts = keep > 0 ? last!.starts.slice(0, from) : [];
    for (let i = keep > 0 ? from : 0; i < parts.length; i++) {
      starts.push(i === from && keep > 0 ? (last!.starts[from] ?? out.length) : out.length);
      const lines = parts[i];
      for (let j = i === from ? inner : 0; j < lines.length; j++) out.push(lines[j]);
    }
    this.unchangedPrefix = keep;
    this.last = { width, children: [...this.children], parts, starts, out };
    return out;
  }

  invalidate(): void {
    this.last = undefined;
    for (const child of this.children) child.invalidate?.();
  }
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A component whose lines come from a function; handy for one-line rows (footer, status). */
export class Lines implements Component {
  constructor(private readonly fn: (width: number) => string[]) {}
  render(width: number): string[] {
    return this.fn(width);
  }
}

/**
 * Caches a render function by width and a version number the owner bumps when its content
 * changes, so unchanged components return the same array (and the same strings) every frame.
 */
export abstract class Cached implements Component {
  private cache: { width: number; version: number; lines: string[] } | undefined;
  protected version = 0;

  protected abstract draw(width: number): string[];

  /** Marks the content as changed. */
  protected changed(): void {
    this.version++;
  }

  render(width: number): string[] {
    const c = this.cache;
    if (c && c.width === width && c.version === this.version) return c.lines;
    const lines = this.draw(width);
    this.cache = { width, version: this.version, lines };
    return lines;
  }

  invalidate(): void {
    this.cache = undefined;
  }
}
