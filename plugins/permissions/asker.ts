// The default asker: the "ui" service's select, so the interactive UIs draw a dialog and RPC mode
// sends pi's extension_ui_request (method "select"; the client answers with the option's text).
// "Deny with a message" then asks for the message the model gets. An edit's dialog shows its diff.
import type { PermissionAnswer, PermissionRequest } from "../../contracts/permissions.js";
import type { UiService } from "../../contracts/ui.js";

export const OPTIONS = ["Allow once", "Allow always", "Deny", "Deny with a message"] as const;

export async function askThroughUi(ui: UiService, request: PermissionRequest, where: string): Promise<PermissionAnswer | undefined> {
  const why = request.reason ? `\n(${request.reason})` : "";
  const title = `Allow ${request.summary}?${why}\n("Allow always" adds ${request.suggestedRule} to ${where})`;
  const picked = await ui.select(title, [...OPTIONS], { signal: request.signal, ...(request.diff && { diff: request.diff }) });
  if (picked === "Allow once") return { decision: "allow-once" };
  if (picked === "Allow always") return { decision: "allow-always" };
  if (picked === "Deny") return { decision: "deny" };
  if (picked === "Deny with a message") {
    const message = await ui.input("What should the model do instead?", "", { signal: request.signal });
    return { decision: "deny", ...(message?.trim() && { message: message.trim() }) };
  }
  return undefined;
}
