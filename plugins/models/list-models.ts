// pi --list-models [search]: a table of the models that have auth configured.
import type { Model } from "pi-kernel";

const HEADER = ["provider", "model", "context", "max-out", "thinking", "images"];

/** 200000 → "200K", 1048576 → "1M", 8192 → "8.2K". */
export function formatTokens(count: number): string {
  const unit = (value: number, suffix: string) => `${Number.isInteger(value) ? value : value.toFixed(1).replace(/\.0$/, "")}${suffix}`;
  if (count >= 1_000_000) return unit(Math.round(count / 100_000) / 10, "M");
  if (count >= 1000) return unit(Math.round(count / 100) / 10, "K");
  return String(count);
}

/** Models matching a search (every word must appear in provider/id or name), sorted. */
export function filterModels(models: Model[], search: string | undefined): Model[] {
  const words = (search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  return models
    .filter((m) => words.every((w) => `${m.provider}/${m.id} ${m.name}`.toLowerCase().includes(w)))
    .sort((a, b) => a.provider.localeCompare(b.provider) || a.id.localeCompare(b.id));
}

export function modelTable(models: Model[]): string {
  const rows = models.map((m) => [
    m.provider,
    m.id,
    formatTokens(m.contextWindow),
    formatTokens(m.maxTokens),
    m.reasoning ? "yes" : "no",
    m.input.includes("image") ? "yes" : "no",
  ]);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join("  ");
  return [line(HEADER), ...rows.map(line)].join("\n");
}
