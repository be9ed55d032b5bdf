// Headless Chromium for the web UI's tests and bench: Debian's /usr/bin/chromium (or
// PI_CHROMIUM), driven by playwright-core. Tests skip, saying so, when it is not installed.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = process.env.PI_CHROMIUM ?? "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // Root in a container has no user namespace for Chromium's sandbox; the page is our own.
    args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}

/** Where screenshots go: test-artifacts/ui-web (gitignored), or $PI_TEST_ARTIFACTS/ui-web. */
export function artifactsDir(): string {
  const root = process.env.PI_TEST_ARTIFACTS ?? fileURLToPath(new URL("../../test-artifacts", import.meta.url));
  const dir = join(root, "ui-web");
  mkdirSync(dir, { recursive: true });
  return dir;
}
