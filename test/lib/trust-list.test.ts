// lib/packages/trust.ts: the trusted-projects list is read once per change of its file (inode,
// size, mtime), so every question after a trust, an edit by hand or a deletion sees the file as it is.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isTrusted, trustDirectory } from "../../lib/packages/index.js";

const root = mkdtempSync(join(tmpdir(), "pik-trust-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("isTrusted", () => {
  it("follows the file through a trust, an edit in place of the same length, a deletion and a bad file", () => {
    const agentDir = join(root, "agent");
    const [a, b] = [join(root, "aaa"), join(root, "bbb")];
    const file = join(agentDir, "trusted-projects.json");
    expect(isTrusted(agentDir, a)).toBe(false); // no agent dir at all
    trustDirectory(agentDir, a);
    expect(isTrusted(agentDir, a)).toBe(true);
    expect(isTrusted(agentDir, join(a, "sub"))).toBe(true);
    expect(isTrusted(agentDir, b)).toBe(false);
    // Rewritten in place at the same length: only the mtime tells (set apart, as on a coarse clock).
    writeFileSync(file, JSON.stringify({ trusted: [b] }));
    utimesSync(file, new Date(), new Date(Date.now() + 2000));
    expect(isTrusted(agentDir, b)).toBe(true);
    expect(isTrusted(agentDir, a)).toBe(false);
    rmSync(file);
    expect(isTrusted(agentDir, b)).toBe(false);
    writeFileSync(file, "{ not json");
    expect(isTrusted(agentDir, b)).toBe(false);
    // An agent dir that is a file: nothing is trusted, and nothing throws.
    const notDir = join(root, "file-agent");
    writeFileSync(notDir, "");
    expect(isTrusted(notDir, a)).toBe(false);
    mkdirSync(join(root, "other-agent"));
    expect(isTrusted(join(root, "other-agent"), a)).toBe(false);
  });
});
