// `!cmd` runs a shell command for the user and shows its output live; the run then joins the
// conversation as a bashExecution message (pi's shape), which the model sees as a user message.
// `!!cmd` runs the same way but stays out of the model's context. The "userBash" service
// (plugins/user-bash) does the running and the recording, with the bash tool's runner.
import type { InteractiveApp } from "./app.js";

export async function runUserBash(app: InteractiveApp, command: string, excluded: boolean): Promise<void> {
  const view = app.transcript.bashRun(command, excluded);
  app.render();
  if (app.api.services.has("userBash")) {
    const service = app.api.services.use("userBash");
    app.cancelBash = () => service.abort();
    try {
      const result = await service.run(command, {
        excludeFromContext: excluded,
        onData: (tail) => {
          view.setOutput(tail);
          app.render();
        },
      });
      view.setOutput(result.output);
      view.finish(result.exitCode, result.cancelled);
    } catch (error) {
      view.setOutput((error as Error).message);
      view.finish(null, false);
    } finally {
      app.cancelBash = undefined;
      app.render();
    }
    return;
  }
  view.setOutput("!cmd needs the user-bash plugin, which this agent was composed without (see pi-packages.json)");
  view.finish(null, false);
  app.render();
}
