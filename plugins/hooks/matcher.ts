// Claude Code's matchers: empty, absent or "*" matches everything; a plain name (or names joined
// with "|") matches exactly; anything else is a regular expression over the whole value
// (`mcp__github__.*`, `Notebook.*`). Our tools are lower-case (`bash`), Claude Code's are
// capitalised (`Bash`): a name matches in either spelling, so hooks written for Claude Code's
// Bash/Read/Edit/Write/Grep tools match ours with no table of names. MCP tools are named
// `mcp__<server>__<tool>` in both.

export type Matcher = (value: string) => boolean;

/** Compiles a matcher; throws a readable error for a pattern that is not a regular expression. */
export function compileMatcher(pattern: string | undefined): Matcher {
  const text = (pattern ?? "").trim();
  if (text === "" || text === "*") return () => true;
  if (/^[\w-]+(\|[\w-]+)*$/.test(text)) {
    const names = new Set(text.split("|"));
    return (value) => spellings(value).some((v) => names.has(v));
  }
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${text})$`);
  } catch (error) {
    throw new Error(`matcher ${JSON.stringify(text)} is not a regular expression: ${(error as Error).message}`);
  }
  return (value) => spellings(value).some((v) => re.test(v));
}

/** The value as written, and with its first letter capitalised (`bash` and `Bash`). */
function spellings(value: string): string[] {
  const capital = value.charAt(0).toUpperCase() + value.slice(1);
  return capital === value ? [value] : [value, capital];
}
