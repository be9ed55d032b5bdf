// lib/path-kit/inside-path.ts answers discovery's path questions with a prefix and a slice where the
// paths allow it; whatever the paths, the answers are Node's (path.relative, path.join).
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isInside, joinRelative, relativeInside, resolveRelative } from "../../lib/path-kit/index.js";

/** What discovery asked Node before: the relative path when strictly inside, else undefined. */
function reference(dir: string, path: string): string | undefined {
  const rel = relative(resolve(dir), resolve(path));
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel) ? rel : undefined;
}

// Few names, so that prefixes, equal paths and near misses ("/a/b" and "/a/bc") come up often.
const segment = fc.constantFrom("a", "b", "bc", ".", "..", "", ".a", "..b", "x.ts");
const path = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 5 }), fc.boolean()).map(([absolute, parts, trailing]) => {
  const body = parts.join("/");
  return `${absolute ? "/" : ""}${body}${trailing ? "/" : ""}`;
});

describe("paths inside a folder (discovery)", () => {
  it("gives path.relative's answer for any two paths, normal or not, absolute or not", () => {
    fc.assert(
      fc.property(path, path, (dir, p) => {
        expect(relativeInside(dir, p)).toBe(reference(dir, p));
        expect(isInside(dir, p)).toBe(reference(dir, p) !== undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it("joins as path.join does", () => {
    fc.assert(
      fc.property(path, path, (dir, rel) => {
        expect(joinRelative(dir, rel)).toBe(join(dir, rel));
      }),
      { numRuns: 2000 },
    );
  });

  it("resolves as path.resolve does, ./ and ../ steps first or not", () => {
    const steps = fc.array(fc.constantFrom("./", "../", "../../"), { maxLength: 3 }).map((s) => s.join(""));
    fc.assert(
      fc.property(path, steps, path, (dir, lead, rel) => {
        expect(resolveRelative(dir, lead + rel)).toBe(resolve(dir, lead + rel));
      }),
      { numRuns: 2000 },
    );
    expect(resolveRelative("/opt/pi/dist/image/plugins/x", "../../chunks/y.cjs")).toBe("/opt/pi/dist/image/chunks/y.cjs");
  });

  it("answers the cases discovery meets", () => {
    expect(relativeInside("/opt/pi", "/opt/pi/plugins/x/index.ts")).toBe(join("plugins", "x", "index.ts"));
    expect(relativeInside("/opt/pi", "/opt/pi")).toBeUndefined();
    expect(relativeInside("/opt/pi", "/opt/pix/index.ts")).toBeUndefined();
    expect(relativeInside("/", "/opt")).toBe("opt");
    expect(joinRelative("/opt/pi", "plugins/x/index.ts")).toBe("/opt/pi/plugins/x/index.ts");
  });
});
