// --discover N: the N most popular packages carrying the `pi-package` keyword, from the npm
// registry's search endpoint (ranked by its popularity score, which follows downloads).
import { npm } from "./install.mjs";

export async function discover(n) {
  const result = await npm(
    ["search", "--json", `--searchlimit=${n}`, "--searchopts=popularity=1.0", "keywords:pi-package"],
    process.cwd(),
    120_000,
  );
  if (!result.ok)
    return { names: [], error: `npm search failed (${(result.stderr.split("\n").find((l) => /error/.test(l)) ?? "no answer").trim()})` };
  try {
    const found = JSON.parse(result.stdout);
    return { names: found.map((p) => p.name).slice(0, n) };
  } catch (error) {
    return { names: [], error: `npm search answered something unreadable: ${error.message}` };
  }
}
