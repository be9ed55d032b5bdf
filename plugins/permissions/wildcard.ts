// Rule patterns where `*` matches anything (Bash specifiers, tool names, other tools' arguments).

/** `*` matches anything (Bash specifiers, tool names). */
export function wildcard(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
    "s",
  );
}
