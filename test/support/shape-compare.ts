// Compares a response's shape (test/support/rpc-shapes.mjs's shapeOf) with pi's, key by key. An
// array matches when each item shape of ours is one pi also sent (pi may send more kinds, e.g. a
// command of its own built-in extension). Known gaps are taken out of pi's shape first, each with
// its reason, so a new difference fails while the listed ones stay visible.
type Shape = string | Shape[] | { [key: string]: Shape };

/** Differences between pi 0.86's responses and pi-kernel's that are outside the RPC layer. */
export const KNOWN_GAPS = [
  'pi 0.86 keeps its system prompt in the transcript as a `role: "system"` message entry (with `sections` and `toolsAdded`); pi-kernel builds it per request',
  "pi 0.86's providers add `rawStopReason` and `usage.reasoning` to assistant messages and a `thinkingSignature` to openai-completions thinking blocks; pi-kernel's providers do not yet",
];

/**
 * What is compared: a tool result's `details` is the tool's own (pi types it `unknown`, and
 * pi-kernel's read and bash tools report more there), so it is left out on both sides.
 */
export function comparable(shape: Shape): Shape {
  if (Array.isArray(shape)) return dedupe(shape.map(comparable));
  if (typeof shape !== "object") return shape;
  const out: Record<string, Shape> = {};
  for (const [key, value] of Object.entries(shape)) if (!(key === "details" && "toolCallId" in shape)) out[key] = comparable(value);
  return out;
}

function dedupe(shapes: Shape[]): Shape[] {
  const unique = new Map(shapes.map((s) => [JSON.stringify(s), s]));
  return [...unique.keys()].sort().map((k) => unique.get(k)!);
}

export function withoutKnownGaps(shape: Shape): Shape {
  if (Array.isArray(shape)) {
    const out: Shape[] = [];
    for (const item of shape) {
      const node = item as { entry?: { message?: { toolsAdded?: Shape } }; children?: Shape[] };
      // A tree node holding pi's system-prompt entry: its children take its place.
      if (node && typeof node === "object" && node.entry?.message?.toolsAdded)
        out.push(...(withoutKnownGaps(node.children ?? []) as Shape[]));
      else if ((item as { message?: { toolsAdded?: Shape } })?.message?.toolsAdded) continue;
      else if ((item as { toolsAdded?: Shape })?.toolsAdded) continue;
      else out.push(withoutKnownGaps(item));
    }
    return dedupe(out);
  }
  if (typeof shape === "object") {
    const out: Record<string, Shape> = {};
    for (const [key, value] of Object.entries(shape)) {
      if (key === "rawStopReason" || key === "thinkingSignature") continue;
      if (key === "usage" && typeof value === "object" && !Array.isArray(value)) {
        const { reasoning: _providerOnly, ...usage } = value;
        out[key] = withoutKnownGaps(usage);
      } else out[key] = withoutKnownGaps(value);
    }
    return out;
  }
  return shape;
}

/** Every place where `ours` differs from `pi`, as "path: pi … / ours …" lines. */
export function shapeDifferences(pi: Shape, ours: Shape, path = ""): string[] {
  if (JSON.stringify(pi) === JSON.stringify(ours)) return [];
  if (Array.isArray(pi) && Array.isArray(ours)) {
    const known = new Set(pi.map((s) => JSON.stringify(s)));
    return ours.filter((s) => !known.has(JSON.stringify(s))).map((s) => `${path}[]: an item pi never sends: ${JSON.stringify(s)}`);
  }
  if (pi && ours && typeof pi === "object" && typeof ours === "object" && !Array.isArray(pi) && !Array.isArray(ours)) {
    const keys = new Set([...Object.keys(pi), ...Object.keys(ours)]);
    return [...keys].flatMap((k) => shapeDifferences(pi[k], ours[k], `${path}.${k}`));
  }
  return [`${path}: pi ${JSON.stringify(pi)} / ours ${JSON.stringify(ours)}`];
}
