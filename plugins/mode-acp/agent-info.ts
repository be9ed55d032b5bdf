// Who answers initialize: pi-kernel and its version.
import { ownVersion } from "../../lib/mode-kit/index.js";

export function agentInfo(): { name: string; title: string; version: string } {
  return { name: "pi-kernel", title: "pi-kernel", version: ownVersion() };
}
