// Hashline anchors: a line is named `N#HH`, its 1-based number and a two-hex-digit hash of its
// content. The number finds the line; the hash proves it is still the line the model saw, so an
// edit never lands on text that moved or changed since the read.

/** FNV-1a over the line's UTF-16 code units, folded to one byte: cheap and well spread. */
export function lineHash(line: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < line.length; i++) {
    h ^= line.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h ^ (h >>> 8) ^ (h >>> 16) ^ (h >>> 24)) & 0xff).toString(16).padStart(2, "0");
}

/** A line as read shows it when hashline editing is on: `N#HH:content`. */
export function anchoredLine(number: number, line: string): string {
  const content = line.endsWith("\r") ? line.slice(0, -1) : line;
  return `${number}#${lineHash(content)}:${content}`;
}

export interface Anchor {
  line: number;
  hash: string;
}

/** Accepts `N#HH`, and also a whole copied `N#HH:content` line (the content is ignored). */
export function parseAnchor(text: string): Anchor | undefined {
  const match = /^\s*(\d+)#([0-9a-fA-F]{2})(?::.*)?$/s.exec(text);
  if (!match) return undefined;
  return { line: Number(match[1]), hash: match[2].toLowerCase() };
}
