// The web UI's entry: read the access token from the address (`?token=` or `#token=`, as pi
// prints it), keep it for this tab and take it out of the address bar (so it is not in the
// history, a bookmark or a screenshot), then connect and draw.
import { render } from "preact";
import { App } from "./components/App.js";
import { rpcUrl } from "./rpc.js";
import { Session } from "./session.js";

function takeToken(): string {
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.slice(1));
  const given = url.searchParams.get("token") ?? hash.get("token");
  if (given) {
    sessionStorage.setItem("pi-token", given);
    url.searchParams.delete("token");
    url.hash = "";
    history.replaceState(null, "", url.toString());
    return given;
  }
  return sessionStorage.getItem("pi-token") ?? "";
}

const token = takeToken();
const session = new Session(rpcUrl(location, token), token);
const root = document.getElementById("app")!;
root.textContent = "";
render(<App session={session} />, root);
session.start();
