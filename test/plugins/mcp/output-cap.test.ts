// The MCP output cap on its own: which cap applies (env, setting, default), that a result under
// it is untouched, and, for any mix of text and images over it, that what is kept fits the cap
// (plus the notice), keeps images while they fit, and that the file named holds every text block.
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capOutput, DEFAULT_MAX_OUTPUT_TOKENS, outputCap, resultTokens } from "../../../plugins/mcp/output-cap.js";

const dir = mkdtempSync(join(tmpdir(), "pik-mcp-cap-"));
const image = { type: "image" as const, data: "aGk=", mimeType: "image/png" };

describe("MCP output cap", () => {
  it("takes MAX_MCP_OUTPUT_TOKENS, else mcp.maxOutputTokens, else 25,000; nonsense falls back", () => {
    expect(outputCap({ MAX_MCP_OUTPUT_TOKENS: "500" }, { maxOutputTokens: 900 }).maxTokens).toBe(500);
    expect(outputCap({}, { maxOutputTokens: 900 }).maxTokens).toBe(900);
    expect(outputCap({ MAX_MCP_OUTPUT_TOKENS: "lots" }, { maxOutputTokens: -1 }).maxTokens).toBe(DEFAULT_MAX_OUTPUT_TOKENS);
  });

  it("leaves a result under the cap alone, images included", () => {
    const r = { content: [{ type: "text" as const, text: "x".repeat(4000) }, image] };
    expect(capOutput(r, { maxTokens: 3000, dir })).toBe(r);
  });

  it("cuts any result over the cap to fit it, keeps what images fit, and saves every text", () => {
    const block = fc.oneof(
      fc.string({ maxLength: 20_000 }).map((text) => ({ type: "text" as const, text })),
      fc.constant(image),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 8 }), fc.integer({ min: 1, max: 6000 }), (content, maxTokens) => {
        const out = capOutput({ content }, { maxTokens, dir });
        if (resultTokens(content) <= maxTokens) {
          expect(out.content).toBe(content);
          return;
        }
        const notice = out.content.at(-1) as { text: string };
        expect(notice.text).toMatch(/output truncated: \d+ tokens over the limit/);
        expect(resultTokens(out.content.slice(0, -1))).toBeLessThanOrEqual(maxTokens);
        const file = /is in (\S+);/.exec(notice.text)![1]!;
        expect(statSync(file).mode & 0o777).toBe(0o600);
        const texts = content.flatMap((b) => (b.type === "text" ? [b.text] : []));
        expect(readFileSync(file, "utf8")).toBe(texts.join("\n"));
        const keptImages = out.content.filter((b) => b.type === "image").length;
        const allImages = content.filter((b) => b.type === "image").length;
        if (keptImages < allImages) expect(notice.text).toContain("left out");
      }),
      { numRuns: 60 },
    );
  });
});
