// The user's view of MCP servers over the "mcp" service: `/mcp` in every mode (a picker with
// Reconnect and Show tools where there is a UI, the list otherwise) and the `pi mcp list` surface
// (claims the `mcpList` flag: waits for the servers, then prints each one's state and tools).
import { definePlugin } from "pi-kernel";
import { mcpCommand } from "./command.js";
import { listServers } from "./list.js";

export default definePlugin({
  name: "mcp-commands",
  uses: ["mcp", "ui"],
  setup(api) {
    api.register.command(mcpCommand(api));
    api.register.surface({
      name: "mcp-list",
      description: "pi mcp list: the configured MCP servers, their state and tools",
      claims: (flags) => flags.mcpList === true,
      run: async () => {
        process.stdout.write(await listServers(api));
        return 0;
      },
    });
  },
});
