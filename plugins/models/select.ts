// The start-up choice of model and thinking level: command-line flags, then settings, then the
// first available model (one with auth configured). Flags and settings may name any known model
// (--api-key may supply its key). Returns problems instead of reporting them: a pure function.
import type { Model, ThinkingLevel } from "pi-kernel";
import { notFound } from "./suggest.js";
import { THINKING_LEVELS, findModel, isThinkingLevel, resolveModel, splitThinkingSuffix } from "./resolve.js";

export interface Selection {
  model?: Model;
  thinkingLevel?: ThinkingLevel;
  problems: { level: "error" | "warning"; message: string }[];
}

type Bag = Readonly<Record<string, unknown>>;
const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

export function selectModel(models: Model[], flags: Bag, settings: Bag, available: Model[] = models): Selection {
  const problems: Selection["problems"] = [];
  const flagLevel = thinkingFlag(flags.thinking, problems);
  const provider = str(flags.provider);
  const modelFlag = str(flags.model);
  let model: Model | undefined;
  let suffixLevel: ThinkingLevel | undefined;
  if (modelFlag) {
    ({ model, level: suffixLevel } = fromModelFlag(models, modelFlag, provider));
    if (!model) problems.push({ level: "error", message: notFound(models, modelFlag, provider) });
  } else if (provider) {
    model = fromProvider(models, provider, settings);
    if (!model) problems.push({ level: "error", message: notFound(models, undefined, provider) });
  } else {
    model = fromSettings(models, settings, problems, available) ?? available[0];
  }
  return { model, thinkingLevel: flagLevel ?? suffixLevel ?? settingsLevel(settings, model), problems };
}

/** pi 0.86: the level settings give a model, its own (`modelThinkingLevels["provider/id"]`) before `defaultThinkingLevel`. */
export function settingsLevel(settings: Bag, model: Model | undefined): ThinkingLevel | undefined {
  const perModel = settings.modelThinkingLevels as Record<string, unknown> | undefined;
  const own = model && perModel && typeof perModel === "object" ? perModel[`${model.provider}/${model.id}`] : undefined;
  if (isThinkingLevel(own)) return own;
  return isThinkingLevel(settings.defaultThinkingLevel) ? settings.defaultThinkingLevel : undefined;
}

function thinkingFlag(value: unknown, problems: Selection["problems"]): ThinkingLevel | undefined {
  if (value === undefined) return undefined;
  if (isThinkingLevel(value)) return value;
  problems.push({ level: "warning", message: `Unknown thinking level "${String(value)}"; expected one of ${THINKING_LEVELS.join(", ")}` });
  return undefined;
}

// A whole-string exact id wins over reading a `:level` suffix, in case an id really ends that way.
function fromModelFlag(models: Model[], value: string, provider?: string): { model?: Model; level?: ThinkingLevel } {
  const { pattern, level } = splitThinkingSuffix(value);
  if (level && models.some((m) => m.id === value && (!provider || m.provider === provider))) {
    return { model: resolveModel(models, value, provider) };
  }
  return { model: resolveModel(models, pattern, provider), level };
}

function fromProvider(models: Model[], provider: string, settings: Bag): Model | undefined {
  const preferred = str(settings.defaultModel);
  const own = models.filter((m) => m.provider === provider);
  return (preferred && str(settings.defaultProvider) === provider ? findModel(own, provider, preferred) : undefined) ?? own[0];
}

function fromSettings(models: Model[], settings: Bag, problems: Selection["problems"], available: Model[]): Model | undefined {
  const provider = str(settings.defaultProvider);
  const id = str(settings.defaultModel);
  if (!id) return provider ? models.find((m) => m.provider === provider) : undefined;
  const model = (provider ? findModel(models, provider, id) : undefined) ?? resolveModel(models, id, provider);
  if (!model && available.length > 0) {
    problems.push({
      level: "warning",
      message: `Default model "${provider ? `${provider}/` : ""}${id}" from settings was not found; using ${available[0].provider}/${available[0].id}`,
    });
  }
  return model;
}
