// The packages under test and, per package, the one offline call made in both runtimes: a slash
// command (sent as an RPC prompt; needs no model) or a tool (called by the loopback fake model),
// chosen so that neither the network nor a real model is needed.

/** The list: the most downloaded pi packages when the issue was written. */
export const REQUIRED = [
  "pi-subagents",
  "@aliou/pi-processes",
  "pi-web-access",
  "pi-mcp-adapter",
  "pi-markdown-preview",
  "pi-prompt-template-model",
  "pi-aliases",
  "pi-mermaid",
  "pi-system-theme",
  "pi-sync-system-theme",
  "@baochunli/pi-collaborating-agents",
  "pi-chrome",
];

/**
 * More of the most used pi packages. The registry's keyword search (`keywords:pi-package`, ranked by
 * popularity) is what `--discover N` uses; where it cannot be reached this list stands in. It holds
 * packages carrying the `pi-package` keyword or a `pi` manifest / pi peer dependency, picked from a
 * snapshot of npm's monthly download counts (every pi-related name above ~500 downloads a month)
 * and from public pi package listings, each checked on the registry (`npm view <name> keywords pi`).
 */
export const MORE = [
  "@aliou/pi-utils-settings",
  "@aliou/pi-utils-ui",
  "@agentuity/pi",
  "@psg2/pi-transcript",
  "@benvargas/pi-antigravity-image-gen",
  "pi-llamacpp-infra",
  "pi-backend",
  "@ccusage/pi",
];

/**
 * Issue 39's round: packages tried side by side with pi 1.5.2 and 0.86.1 on Node 22. The issue's
 * "two theme packs" are not named there; the two below are the most downloaded packages that ship
 * several themes as a pi package (`pi.themes`, keyword `pi-package`) in a public catalogue of pi
 * packages by monthly npm downloads (Nov 2026), both published within the last three months.
 */
export const ROUND_THREE = [
  "@juicesharp/rpiv-advisor",
  "@juicesharp/rpiv-args",
  "@juicesharp/rpiv-ask-user-question",
  "@juicesharp/rpiv-btw",
  "@juicesharp/rpiv-i18n",
  "@juicesharp/rpiv-todo",
  "@juicesharp/rpiv-web-tools",
  "pi-lens",
  "@gotgenes/pi-permission-system",
  "pi-sandbox",
  "@mjasnikovs/pi-task",
  "pi-schedule-prompt",
  "@tmustier/pi-ralph-wiggum",
  // Needs Node 22 (node:sqlite); on Node 20 pi-kernel names it at start-up (engines.node).
  "context-mode",
  "@ollama/pi-web-search",
  // The two theme packs: 6 themes (~3,800 downloads a month) and 65 themes plus a skill (~1,050).
  "@ifi/oh-pi-themes",
  "@victor-software-house/pi-curated-themes",
];

/**
 * The offline call per package. `label` is what the table shows. Commands print help, list state or
 * fail on a bad argument; tools act on the scratch working folder. `mask` (a regular expression)
 * marks text that is random per session.
 */
const command = (text) => ({ kind: "command", text, label: text });
const tool = (name, args) => ({ kind: "tool", tool: name, args, label: `${name} ${JSON.stringify(args)}` });

export const CALLS = {
  "pi-subagents": command("/subagent-cost"),
  "@aliou/pi-processes": tool("process", { action: "list" }),
  "pi-web-access": command("/search"),
  "pi-mcp-adapter": tool("mcp", {}),
  "pi-markdown-preview": command("/preview-clear-cache"),
  "pi-prompt-template-model": command("/chain-prompts"),
  "pi-aliases": command("/clear"),
  "pi-mermaid": command("/pi-mermaid"),
  "pi-system-theme": command("/system-theme"),
  "pi-sync-system-theme": command("/system-theme-push"),
  // Each session gets a random agent name ("RapidPine"), masked before comparing.
  "@baochunli/pi-collaborating-agents": { ...command("/agents"), mask: "\\b[A-Z][a-z]+[A-Z][a-z]+\\b" },
  "pi-chrome": command("/chrome help"),
  "pi-llamacpp-infra": command("/llamacpp-infra help"),
  "@aliou/pi-utils-settings": command("/skill:pi-utils-settings"),
};
