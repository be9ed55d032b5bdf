// The output limits every tool shares (pi's values), so the model's context never receives more
// than ~50 KB or 2,000 lines from one call, and the one way sizes are written in notices.

export const MAX_LINES = 2000;
export const MAX_BYTES = 50 * 1024;
/** grep shows at most this many characters of one line. */
export const MAX_LINE_CHARS = 500;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}
