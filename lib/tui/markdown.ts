// Markdown to styled screen lines: marked's lexer (a CommonMark/GFM tokenizer; we only need its
// tokens, not its HTML) and our own drawing in theme colours, with highlighted code blocks.
// Rendered blocks are cached by their source, so a streaming message re-draws only its last block.
// marked loads on the first message drawn: its load (~25 ms, more on a busy machine) is not on the
// path to an empty session's first frame.
import { createRequire } from "node:module";
import type { Token, Tokens } from "marked";
import { highlightCode } from "./highlight.js";
import type { Theme } from "./theme.js";
import { visibleWidth, wrapText } from "./text.js";

const load = createRequire(import.meta.url);
let lexer: ((text: string, options: { gfm: boolean }) => Token[]) | undefined;

function lex(text: string): Token[] {
  if (!lexer) {
    const { marked } = load("marked") as typeof import("marked");
    lexer = (t, o) => marked.lexer(t, o);
  }
  return lexer(text, { gfm: true });
}

export class MarkdownRenderer {
  private cache = new Map<string, string[]>();
  private cacheKey = "";

  constructor(
    private readonly theme: () => Theme,
    private readonly codeIndent = "  ",
  ) {}

  private prefix: { text: string; lines: string[] } | undefined;

  render(text: string, width: number): string[] {
    const key = `${width}:${this.theme().name}`;
    if (key !== this.cacheKey) {
      this.cache.clear();
      this.cacheKey = key;
      this.prefix = undefined;
    }
    // A streaming message only grows at its end: everything up to its last paragraph break
    // (outside a code fence) is settled, drawn once and reused while the rest keeps arriving.
    const split = settledLength(text);
    if (split === 0) return this.blocks(text, width);
    const settled = text.slice(0, split);
    if (this.prefix?.text !== settled) this.prefix = { text: settled, lines: this.blocks(settled, width, false) };
    const tail = this.blocks(text.slice(split), width, false);
    if (!tail.length) return this.prefix.lines;
    return this.prefix.lines.length ? [...this.prefix.lines, "", ...tail] : tail;
  }

  private blocks(text: string, width: number, prune = true): string[] {
    const tokens = lex(text);
    const out: string[] = [];
    const next = new Map<string, string[]>();
    for (const token of tokens) {
      if (token.type === "space") continue;
      const id = `${token.type}\u0000${token.raw}`;
      const lines = this.cache.get(id) ?? this.block(token, width);
      next.set(id, lines);
      if (out.length) out.push("");
      out.push(...lines);
    }
    // Blocks that left the text are forgotten, except while a message is split in two.
    if (prune) this.cache = next;
    else for (const [id, lines] of next) this.cache.set(id, lines);
    return out;
  }

  private block(token: Token, width: number): string[] {
    const t = this.theme();
    switch (token.type) {
      case "heading": {
        const h = token as Tokens.Heading;
        const prefix = h.depth > 2 ? `${"#".repeat(h.depth)} ` : "";
        return wrapText(t.fg("mdHeading", t.bold(prefix + this.inline(h.tokens))), width);
      }
      case "paragraph":
        return wrapText(this.inline((token as Tokens.Paragraph).tokens), width);
      case "text": {
        const tx = token as Tokens.Text;
        return wrapText(tx.tokens ? this.inline(tx.tokens) : tx.text, width);
      }
      case "code": {
        const c = token as Tokens.Code;
        const border = (s: string) => t.fg("mdCodeBlockBorder", s);
        const body = highlightCode(c.text, c.lang, t).flatMap((l) => wrapText(this.codeIndent + l, width));
        return [border("```" + (c.lang ?? "")), ...body, border("```")];
      }
      case "blockquote": {
        const inner = this.renderTokens((token as Tokens.Blockquote).tokens, width - 2);
        return inner.map((l) => t.fg("mdQuoteBorder", "│ ") + t.fg("mdQuote", l));
      }
      case "list":
        return this.list(token as Tokens.List, width);
      case "hr":
        return [t.fg("mdHr", "─".repeat(Math.max(1, width)))];
      case "table":
        return this.table(token as Tokens.Table, width);
      case "html":
        return wrapText((token as Tokens.HTML).text.replace(/\n$/, ""), width);
      default:
        return "raw" in token && typeof token.raw === "string" ? wrapText(token.raw.replace(/\n+$/, ""), width) : [];
    }
  }

  private renderTokens(tokens: Token[], width: number): string[] {
    const out: string[] = [];
    for (const token of tokens) {
      if (token.type === "space") continue;
      if (out.length && token.type !== "text") out.push("");
      out.push(...this.block(token, width));
    }
    return out;
  }

  private list(list: Tokens.List, width: number): string[] {
    const t = this.theme();
    const out: string[] = [];
    list.items.forEach((item, i) => {
      const marker = list.ordered ? `${Number(list.start || 1) + i}. ` : "- ";
      const check = item.task ? (item.checked ? "[x] " : "[ ] ") : "";
      const pad = " ".repeat(marker.length);
      const body = this.renderTokens(item.tokens, Math.max(1, width - marker.length)).filter(
        (l, j, all) => l !== "" || (j > 0 && j < all.length - 1),
      );
      body.forEach((line, j) => out.push(j === 0 ? t.fg("mdListBullet", marker) + check + line : pad + line));
    });
    return out;
  }

  private table(table: Tokens.Table, width: number): string[] {
    const t = this.theme();
    const cells = [table.header, ...table.rows].map((row) => row.map((c) => this.inline(c.tokens)));
    const cols = table.header.length;
    const widths = Array.from({ length: cols }, (_, i) => Math.max(...cells.map((r) => visibleWidth(r[i] ?? ""))));
    const line = (row: string[]) => row.map((c, i) => c + " ".repeat(Math.max(0, widths[i] - visibleWidth(c)))).join(t.fg("border", " │ "));
    const out = [t.bold(line(cells[0])), t.fg("border", widths.map((w) => "─".repeat(w)).join("─┼─"))];
    for (const row of cells.slice(1)) out.push(line(row));
    return out.flatMap((l) => wrapText(l, width));
  }

  private inline(tokens: Token[] | undefined): string {
    if (!tokens) return "";
    const t = this.theme();
    let out = "";
    for (const tok of tokens) {
      switch (tok.type) {
        case "strong":
          out += t.bold(this.inline((tok as Tokens.Strong).tokens));
          break;
        case "em":
          out += t.italic(this.inline((tok as Tokens.Em).tokens));
          break;
        case "del":
          out += t.strikethrough(this.inline((tok as Tokens.Del).tokens));
          break;
        case "codespan":
          out += t.fg("mdCode", (tok as Tokens.Codespan).text);
          break;
        case "br":
          out += "\n";
          break;
        case "link": {
          const l = tok as Tokens.Link;
          const text = this.inline(l.tokens);
          out += t.fg("mdLink", t.underline(text));
          if (l.href && l.href !== l.text && !l.href.startsWith("mailto:")) out += t.fg("mdLinkUrl", ` (${l.href})`);
          break;
        }
        case "image":
          out += t.fg("mdLink", `[image: ${(tok as Tokens.Image).text}]`);
          break;
        case "text": {
          const x = tok as Tokens.Text;
          out += x.tokens ? this.inline(x.tokens) : decode(x.text);
          break;
        }
        case "escape":
          out += (tok as Tokens.Escape).text;
          break;
        default:
          out += "raw" in tok ? String(tok.raw) : "";
      }
    }
    return out;
  }
}

/** Length of the text up to its last blank line that is not inside a code fence (0: none). */
function settledLength(text: string): number {
  let inFence = false;
  let settled = 0;
  let pos = 0;
  for (const line of text.split("\n")) {
    const next = pos + line.length + 1;
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence;
    else if (!inFence && line.trim() === "" && pos > 0 && next < text.length) settled = pos;
    pos = next;
  }
  return settled;
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e] ?? _);
}
