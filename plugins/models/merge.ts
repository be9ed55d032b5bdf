// The built-in catalog merged with models.json: models.json models come first (the user chose
// them) and replace built-ins with the same provider and id; a built-in provider named in
// models.json takes its baseUrl, headers and compat (a proxy), and `modelOverrides` patch
// individual built-in models.
import type { Model } from "pi-kernel";
import { type Catalog, isRecord, merged } from "./catalog.js";

export function mergeCatalog(builtin: Model[], custom: Catalog): Model[] {
  const taken = new Set(custom.models.map((m) => `${m.provider}/${m.id}`));
  const out = [...custom.models];
  for (const model of builtin) {
    if (taken.has(`${model.provider}/${model.id}`)) continue;
    const config = custom.providers.get(model.provider);
    out.push(config ? withProviderConfig(model, config) : model);
  }
  return out;
}

function withProviderConfig(model: Model, config: NonNullable<ReturnType<Catalog["providers"]["get"]>>): Model {
  const out: Model = { ...model };
  if (typeof config.baseUrl === "string") out.baseUrl = config.baseUrl;
  const headers = merged(model.headers, config.headers);
  if (headers) out.headers = headers as Record<string, string>;
  const compat = merged(model.compat, config.compat);
  if (compat) out.compat = compat;
  const patch = config.modelOverrides?.[model.id];
  if (!isRecord(patch)) return out;
  for (const key of ["name", "reasoning", "input", "contextWindow", "maxTokens", "thinkingLevelMap"] as const) {
    if (patch[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = patch[key];
  }
  if (isRecord(patch.cost)) out.cost = { ...out.cost, ...patch.cost };
  if (isRecord(patch.headers)) out.headers = { ...out.headers, ...(patch.headers as Record<string, string>) };
  if (isRecord(patch.compat)) out.compat = { ...out.compat, ...patch.compat };
  return out;
}
