// The grep engine both grep tools use (tools-fs-search's and pi-compat's pi-shaped one): ripgrep
// when it is on PATH, else the built-in engine, loaded only then (with its gitignore library).
// Both give the same matches in the same order; the tools format them (grep-format.ts).
import { rgPath } from "./external-tool.js";
import { grepWithRg } from "./grep-rg.js";
import type { GrepHits, GrepQuery } from "./grep-types.js";

export async function grepSearch(q: GrepQuery, signal?: AbortSignal): Promise<GrepHits & { engine: "rg" | "builtin" }> {
  const rg = rgPath();
  if (rg) return { ...(await grepWithRg(rg, q, signal)), engine: "rg" };
  return { ...(await (await import("./grep-builtin.js")).grepBuiltin(q, signal)), engine: "builtin" };
}
