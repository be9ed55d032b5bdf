// "Did you mean" for a provider or model name that matches nothing: the known names closest in
// edit distance (fastest-levenshtein), so `--provider antropic` names anthropic instead of
// reporting a missing model. A name counts as close when at most a third of it differs, or when
// one name contains the other (`sonnet` for claude-sonnet-4-5), and not far behind the best one.
import { distance } from "fastest-levenshtein";
import type { Model } from "pi-kernel";

const MAX_SHOWN = 3;

/** Up to three of `known` closest to `typed`, nearest first. */
export function closest(typed: string, known: Iterable<string>): string[] {
  const want = typed.toLowerCase();
  const scored: { name: string; d: number }[] = [];
  for (const name of new Set(known)) {
    const have = name.toLowerCase();
    const d = have.includes(want) || want.includes(have) ? 0.5 : distance(want, have);
    if (d <= Math.max(1, Math.floor(Math.max(want.length, have.length) / 3))) scored.push({ name, d });
  }
  scored.sort((a, b) => a.d - b.d || a.name.localeCompare(b.name));
  // Far behind the best match is noise: claude-opus-4-1 is no answer to claude-sonet-4-5.
  return scored
    .filter((s) => s.d <= scored[0].d + 1)
    .slice(0, MAX_SHOWN)
    .map((s) => s.name);
}

/** " (did you mean a, b?)" or "". */
export function didYouMean(names: string[]): string {
  return names.length ? ` (did you mean ${names.join(", ")}?)` : "";
}

/** Why `--provider`/`--model` found nothing, with the close names that do exist. */
export function notFound(models: Model[], modelFlag: string | undefined, provider: string | undefined): string {
  const providers = new Set(models.map((m) => m.provider));
  // `--model antropic/claude-…` names its provider too.
  const slash = modelFlag?.indexOf("/") ?? -1;
  const named = provider ?? (slash > 0 ? modelFlag!.slice(0, slash) : undefined);
  if (named && !providers.has(named)) {
    return `Unknown provider "${named}"${didYouMean(closest(named, providers))} (known providers: pi --list-models)`;
  }
  if (!modelFlag) return `Provider "${provider}" has no models (add them to models.json)`;
  const id = (slash > 0 && !provider ? modelFlag.slice(slash + 1) : modelFlag).replace(/:[a-z]+$/, "");
  const ids = closest(
    id,
    models.filter((m) => !named || m.provider === named).map((m) => m.id),
  );
  return `Model "${modelFlag}"${provider ? ` (provider ${provider})` : ""} was not found${didYouMean(ids)} (known models: pi --list-models)`;
}
