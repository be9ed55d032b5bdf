// Session navigation commands over the "sessions" service: /tree, /fork, /clone, /new, /name,
// /label, /resume, /session.
import { definePlugin } from "pi-kernel";
import { sessionCommands } from "./commands.js";

export default definePlugin({
  name: "session-commands",
  uses: ["ui"],
  requires: ["sessions"],
  setup(api) {
    for (const command of sessionCommands(api)) api.register.command(command);
  },
});
