// File-system errors worded for the model (what happened and what to try), and shell quoting for
// the commands those messages suggest.

export function describeFsError(error: unknown, path: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT")
    return `File not found: ${path}. Check the path (relative paths resolve against the working directory), e.g. with ls or find.`;
  if (code === "EACCES" || code === "EPERM") return `Permission denied: ${path}.`;
  if (code === "ENOTDIR") return `Not a valid path: a component of ${path} is a file, not a directory.`;
  return `Cannot access ${path}: ${(error as Error).message}`;
}

/** Single-quotes a path for a shell command the model may copy. */
export function quote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`;
}
