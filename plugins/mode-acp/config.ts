// A session's choices as ACP shows them: the permission modes (the `permissions` service's) as
// session modes and as a "mode" config option, the models as a "model" option, and the thinking
// level as a "thought_level" option when the model reasons. Setting one changes the agent.
import type { SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import type { Model, PluginApi, ThinkingLevel } from "pi-kernel";
import type { PermissionMode } from "../../contracts/permissions.js";
import { availableThinkingLevels } from "../../lib/mode-kit/index.js";

const modelValue = (m: Model) => `${m.provider}/${m.id}`;

export function sessionModes(api: PluginApi): SessionModeState | undefined {
  const permissions = api.services.get("permissions");
  if (!permissions) return undefined;
  return {
    currentModeId: permissions.mode(),
    availableModes: permissions.modes().map((m) => ({ id: m.id, name: m.name, description: m.description })),
  };
}

export function configOptions(api: PluginApi): SessionConfigOption[] {
  const out: SessionConfigOption[] = [];
  const modes = sessionModes(api);
  if (modes) {
    const options = modes.availableModes.map((m) => ({ value: m.id, name: m.name, description: m.description }));
    out.push({ id: "mode", name: "Permission mode", category: "mode", type: "select", currentValue: modes.currentModeId, options });
  }
  const models = api.services.get("models")?.list() ?? [];
  const current = api.agent.model;
  if (current && !models.some((m) => modelValue(m) === modelValue(current))) models.unshift(current);
  if (current) {
    const options = models.map((m) => ({ value: modelValue(m), name: m.name || m.id, description: m.provider }));
    out.push({ id: "model", name: "Model", category: "model", type: "select", currentValue: modelValue(current), options });
  }
  if (current?.reasoning) {
    const options = availableThinkingLevels(current).map((level) => ({ value: level, name: level }));
    out.push({
      id: "thought_level",
      name: "Thinking",
      category: "thought_level",
      type: "select",
      currentValue: api.agent.thinkingLevel,
      options,
    });
  }
  return out;
}

export function setMode(api: PluginApi, modeId: string): void {
  const permissions = api.services.get("permissions");
  if (!permissions)
    throw RequestError.invalidParams(undefined, "this agent has no permission modes (the permissions plugin is not loaded)");
  const known = permissions.modes().map((m) => m.id);
  if (!known.includes(modeId as PermissionMode))
    throw RequestError.invalidParams(undefined, `unknown mode "${modeId}" (modes: ${known.join(", ")})`);
  permissions.setMode(modeId as PermissionMode);
}

export function setConfigOption(api: PluginApi, configId: string, value: unknown): void {
  if (typeof value !== "string") throw RequestError.invalidParams(undefined, `config option "${configId}" takes a value id`);
  if (configId === "mode") return setMode(api, value);
  if (configId === "model") {
    const models = api.services.get("models");
    const model = models?.list().find((m) => modelValue(m) === value);
    if (!models || !model) throw RequestError.invalidParams(undefined, `unknown model "${value}"`);
    return models.select(model);
  }
  if (configId === "thought_level") {
    const levels = availableThinkingLevels(api.agent.model);
    if (!levels.includes(value as ThinkingLevel))
      throw RequestError.invalidParams(undefined, `unknown thinking level "${value}" (levels: ${levels.join(", ")})`);
    return api.actions.setThinkingLevel(value as ThinkingLevel);
  }
  throw RequestError.invalidParams(undefined, `unknown config option "${configId}" (options: mode, model, thought_level)`);
}
