// The order files start in (vitest.config.ts `sequence.sequencer`): the files that take longest from
// start to end go first, so none of them starts last and runs on alone while the other worker idles.
// vitest orders by the durations of the previous run where it has them (a developer's machine); a
// fresh clone (CI) has none, and it falls back to the largest files first, which put some of the
// longest ones near the end. LONG is the measured top of a whole run (wall per file, 2 cores); most
// of that time is spent waiting on the processes they spawn (tsserver, npm, the CLI).
import { BaseSequencer, type TestSpecification } from "vitest/node";

const LONG = [
  "test/plugins/lsp/typescript.test.ts",
  "test/plugins/pi-compat-coding-agent-sdk.test.ts",
  "test/ui/surface-api.test.ts",
  "test/integration/packages-cli.test.ts",
  "test/integration/compose-named.test.ts",
  "test/integration/compose-multi-entry.test.ts",
  "test/integration/mcp-commands-cli.test.ts",
  "test/integration/permissions-shell-cli.test.ts",
  "test/plugins/pi-compat-exports.test.ts",
  "test/integration/background-jobs-cli.test.ts",
  "test/integration/permissions-cli.test.ts",
  "test/ui/slots-and-retry.test.ts",
  "test/pi-compat/renderers-ui.test.ts",
  "test/ui/inline-editor.test.ts",
];

export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONG.findIndex((file) => spec.moduleId.endsWith(file));
      return i === -1 ? LONG.length : i;
    };
    // Stable: the rest keep vitest's order.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
