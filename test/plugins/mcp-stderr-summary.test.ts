// The line of a failed MCP server's stderr that says why, from what real runtimes print.
import { describe, expect, it } from "vitest";
import { exitText, stderrSummary } from "../../plugins/mcp/stderr-summary.js";

const NODE = `/srv/server.js:3
  throw new Error("the index file is missing");
  ^

Error: the index file is missing
    at Object.<anonymous> (/srv/server.js:3:9)
    at node:internal/main/run_main_module:28:49

Node.js v20.20.2
`;
const PYTHON = `Traceback (most recent call last):
  File "/srv/server.py", line 4, in <module>
    main()
ModuleNotFoundError: No module named 'mcp'
`;

describe("stderrSummary", () => {
  it("finds the message in Node's and Python's crash output", () => {
    expect(stderrSummary(NODE)).toBe("Error: the index file is missing");
    expect(stderrSummary(PYTHON)).toBe("ModuleNotFoundError: No module named 'mcp'");
  });

  it("takes the first line of plain output, and cuts a long one", () => {
    expect(stderrSummary("listening on stdio\nbye\n")).toBe("listening on stdio");
    expect(stderrSummary("x".repeat(500), 20)).toHaveLength(20);
    expect(stderrSummary("\n\n")).toBe("");
  });

  it("says how the server ended", () => {
    expect(exitText({ code: 3, signal: null })).toBe("exit code 3");
    expect(exitText({ code: null, signal: "SIGKILL" })).toBe("killed by SIGKILL");
    expect(exitText(undefined)).toBe("");
  });
});
