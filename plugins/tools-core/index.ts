// The core tools every session starts with: read, write, edit and bash. Registering them only
// builds plain objects; nothing is read, spawned or loaded until a tool is called.
import { definePlugin } from "pi-kernel";
import { bashTool } from "./bash.js";
import { editTool } from "./edit.js";
import { readTool } from "./read.js";
import { writeTool } from "./write.js";

export default definePlugin({
  name: "tools-core",
  setup(api) {
    api.register.tool(readTool);
    api.register.tool(bashTool);
    api.register.tool(editTool);
    api.register.tool(writeTool);
  },
});
