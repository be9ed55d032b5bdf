// A shell word's value as bash would see it, computed from the syntax tree when the source alone
// fixes it: quotes removed (`"rm"`, `r''m`), backslashes resolved (`\rm`), ANSI-C strings decoded
// (`$'\x72m'`). A word whose value is only known at run time (a variable, a substitution, a glob,
// a brace expansion) has no static value: the caller decides what that means.
import type { SyntaxNode } from "./bash-parser.js";

/** The word's value, or undefined when it depends on the run. */
export function staticWord(node: SyntaxNode): string | undefined {
  switch (node.type) {
    case "command_name":
    case "translated_string": {
      const inner = node.children.filter((c) => c.named);
      return inner.length === 1 ? staticWord(inner[0]) : undefined;
    }
    case "word":
      // An unquoted *, ? or [ may expand to file names.
      return /(^|[^\\])[*?[]/.test(node.text) ? undefined : unescapeUnquoted(node.text);
    case "number":
      return node.text;
    case "raw_string":
      return node.text.slice(1, -1);
    case "ansi_c_string":
      return decodeAnsiC(node.text.slice(2, -1));
    case "string":
      return node.children.every((c) => !c.named || c.type === "string_content") ? unescapeDoubleQuoted(node.text.slice(1, -1)) : undefined;
    case "concatenation": {
      let out = "";
      for (const part of node.children) {
        const value = staticWord(part);
        if (value === undefined) return undefined;
        out += value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

function unescapeUnquoted(text: string): string {
  return text.replace(/\\(\n|.)/gs, (_, c: string) => (c === "\n" ? "" : c));
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_, c: string) => (c === "\n" ? "" : c));
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** The body of `$'…'` as bash decodes it. */
export function decodeAnsiC(body: string): string {
  return body.replace(
    /\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})|c(.)|(.))/gs,
    (whole, oct?: string, hex?: string, u4?: string, u8?: string, ctrl?: string, other?: string) => {
      if (oct) return String.fromCharCode(Number.parseInt(oct, 8) & 0xff);
      const code = hex ?? u4 ?? u8;
      if (code) return String.fromCodePoint(Math.min(Number.parseInt(code, 16), 0x10ffff));
      if (ctrl) return String.fromCharCode(ctrl.toUpperCase().charCodeAt(0) & 0x1f);
      return SIMPLE_ESCAPES[other!] ?? whole;
    },
  );
}
