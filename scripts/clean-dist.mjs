// First build step: dist/ starts empty. tsc writes over what it compiles but never removes the
// output of a source file that is gone (a file renamed or deleted, a branch switched), and the
// start-up image bundles every file in dist/: a stale module there was loaded beside the new ones
// and broke the CLI (a built-in plugin missing its tool) until dist/ was removed by hand. The build
// is not incremental, so starting empty costs nothing.
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

rmSync(join(dirname(fileURLToPath(import.meta.url)), "..", "dist"), { recursive: true, force: true });
