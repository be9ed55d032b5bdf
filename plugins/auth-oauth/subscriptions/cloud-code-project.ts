// The Cloud Code Assist project a Google sign-in works in. An account that used the Gemini CLI
// has one (loadCodeAssist names it); a new account is onboarded first, as the Gemini CLI and pi
// do: onboardUser on the account's default tier (free: Google makes the project; the paid tiers
// use the person's GOOGLE_CLOUD_PROJECT), then the long-running operation is polled until done.
import type { LoginIO } from "../../../contracts/oauth.js";
import { endpoint, testServer } from "../endpoints.js";
import { CODE_ASSIST } from "../catalog.js";
import { OAuthHttpError, pause, requestJson } from "../http.js";

const METADATA = { ideType: "IDE_UNSPECIFIED", platform: "PLATFORM_UNSPECIFIED", pluginType: "GEMINI" };
const FREE_TIER = "free-tier";
// Provisioning takes seconds; the loopback test server answers at once.
const POLL_MS = 5_000;
const MAX_POLLS = 24;
const NEEDS_PROJECT =
  "This Google account's Gemini Code Assist tier needs a Google Cloud project: set GOOGLE_CLOUD_PROJECT to its id, then /login again";

type Data = Record<string, unknown>;

/** A project id as the API gives it: a string, or an object with an id. */
function projectId(value: unknown): string | undefined {
  if (typeof value === "string" && value) return value;
  const id = (value as { id?: unknown } | null)?.id;
  return typeof value === "object" && typeof id === "string" && id ? id : undefined;
}

function defaultTier(data: Data): string {
  const tiers = Array.isArray(data.allowedTiers) ? (data.allowedTiers as { id?: unknown; isDefault?: unknown }[]) : [];
  const tier = tiers.find((t) => t.isDefault === true) ?? tiers[0];
  return typeof tier?.id === "string" && tier.id ? tier.id : FREE_TIER;
}

/**
 * The account's project: its own, GOOGLE_CLOUD_PROJECT, or a new one from onboarding. With a
 * `fallback` (Antigravity's shared project) an account without one uses it, and is not onboarded.
 */
export async function findProject(access: string, io: LoginIO, fallback?: string): Promise<string> {
  const envProject = process.env.GOOGLE_CLOUD_PROJECT || process.env.GOOGLE_CLOUD_PROJECT_ID || undefined;
  const call = (step: string, path: string, json?: unknown) =>
    requestJson(step, endpoint(`${CODE_ASSIST}${path}`), {
      headers: { authorization: `Bearer ${access}` },
      ...(json !== undefined && { body: { json } }),
      signal: io.signal,
    });
  let data: Data;
  try {
    data = await call("Cloud Code project lookup", "/v1internal:loadCodeAssist", {
      cloudaicompanionProject: envProject,
      metadata: { ...METADATA, duetProject: envProject },
    });
  } catch (error) {
    if (fallback) return envProject ?? fallback;
    throw error;
  }
  const own = projectId(data.cloudaicompanionProject) ?? envProject;
  if (own) return own;
  if (fallback) return fallback;
  if (data.currentTier) throw new OAuthHttpError(NEEDS_PROJECT); // set up, but on a tier that brings no project
  return onboard(call, defaultTier(data), io);
}

async function onboard(call: (step: string, path: string, json?: unknown) => Promise<Data>, tierId: string, io: LoginIO): Promise<string> {
  // Only the free tier gets a project made by Google.
  if (tierId !== FREE_TIER) throw new OAuthHttpError(NEEDS_PROJECT);
  io.progress?.("Setting up Gemini Code Assist for this Google account…");
  const step = "Gemini Code Assist onboarding";
  let operation = await call(step, "/v1internal:onboardUser", { tierId, metadata: METADATA });
  for (let polls = 0; operation.done !== true; polls++) {
    if (typeof operation.name !== "string" || polls === MAX_POLLS) {
      throw new OAuthHttpError(`${step} did not finish; try /login again in a minute`);
    }
    await pause(testServer() ? 0 : POLL_MS, io.signal);
    operation = await call(step, `/v1internal/${operation.name}`);
  }
  const project = projectId((operation.response as Data | undefined)?.cloudaicompanionProject);
  if (!project) throw new OAuthHttpError(`${step} finished without a project; run the Gemini CLI once, or set GOOGLE_CLOUD_PROJECT`);
  return project;
}
