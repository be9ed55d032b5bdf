// Prompt template arguments, pi's way: split like a shell (spaces and tabs separate, '…' and "…"
// group), then placeholders are replaced in one pass, so an argument that itself contains "$1"
// is inserted as written, never substituted again.
export function splitArgs(text: string): string[] {
  const args: string[] = [];
  let current = "";
  let quote: string | undefined;
  let started = false;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (ch === " " || ch === "\t") {
      if (started || current) args.push(current);
      current = "";
      started = false;
    } else {
      current += ch;
    }
  }
  if (started || current) args.push(current);
  return args;
}

const PLACEHOLDER = /\$\{@:(\d+)(?::(\d+))?\}|\$ARGUMENTS|\$@|\$(\d+)/g;

/** `$1…$N` (missing: empty), `${@:N}` and `${@:N:L}` (1-based, 0 counts as 1), `$ARGUMENTS` and `$@` (all). */
export function substitute(template: string, args: string[]): string {
  const all = args.join(" ");
  return template.replace(PLACEHOLDER, (match, start?: string, length?: string, index?: string) => {
    if (index !== undefined) return args[Number(index) - 1] ?? "";
    if (start !== undefined) {
      const from = Math.max(0, Number(start) - 1);
      return (length === undefined ? args.slice(from) : args.slice(from, from + Number(length))).join(" ");
    }
    return all;
  });
}
