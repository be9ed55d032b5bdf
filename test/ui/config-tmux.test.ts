// `pi config` in a real terminal (tmux): the screen lists an installed package's resources and the
// user's own, one row per file; switching an extension and a skill off writes pi's keys (`-path`
// in the package's settings entry, relative to the package), and the next start honours them (RPC
// get_commands no longer has them). `-l` writes pi's project delta (`autoload: false`) that only
// the project sees. Needs tmux (apt package "tmux").
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandNames } from "../integration/packages-command-names.js";
import { PI_BIN } from "../support/run-cli.js";
import { hasTmux, type SimProject, simProject, tmuxServer } from "../support/tmux.js";

if (!hasTmux) console.warn("test/ui/config-tmux.test.ts skipped: needs tmux (apt-get install tmux)");

const t = tmuxServer("pik-config");

function write(path: string, text: string): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
}

const command = (name: string) =>
  `export default function (pi) { pi.registerCommand("${name}", { description: "${name}", handler: async () => {} }); }\n`;
const skill = (name: string) => `---\nname: ${name}\ndescription: The ${name} skill\n---\n${name}\n`;

describe.skipIf(!hasTmux)("pi config in a terminal", () => {
  let fx: SimProject;
  let pkg: string;
  const settingsFile = () => join(fx.agentDir, "settings.json");
  const json = (file: string) => JSON.parse(readFileSync(file, "utf8"));

  beforeAll(async () => {
    fx = await simProject();
    pkg = join(fx.root, "demo-pkg");
    write(join(pkg, "package.json"), JSON.stringify({ name: "demo-pkg", version: "1.0.0" }));
    write(join(pkg, "extensions", "one.ts"), command("one"));
    write(join(pkg, "extensions", "two.ts"), command("two"));
    write(join(pkg, "skills", "alpha", "SKILL.md"), skill("alpha"));
    write(join(pkg, "skills", "beta", "SKILL.md"), skill("beta"));
    write(join(fx.agentDir, "extensions", "mine.ts"), command("mine"));
    writeFileSync(settingsFile(), JSON.stringify({ packages: [pkg] }));
  });
  afterAll(async () => {
    t.kill();
    await fx?.close();
  });

  const openConfig = async (session: string, args: string) => {
    t.run("new-session", "-d", "-s", session, "-x", "100", "-y", "30", "-c", fx.project, "bash", "--norc", "--noprofile");
    t.type(session, `PI_CODING_AGENT_DIR='${fx.agentDir}' '${process.execPath}' '${PI_BIN}' config ${args}; echo "config exited $?"`);
    t.keys(session, "Enter");
  };

  const commands = async (args: string[] = [], cwd?: string) => (await commandNames(fx, args, cwd)).names;

  it("switches a package's extension and skill off in the global settings; the next start loads neither", async () => {
    expect(await commands()).toEqual(expect.arrayContaining(["one", "two", "mine", "skill:alpha", "skill:beta"]));
    await openConfig("global", "");
    const screen = await t.waitForPane("global", /Global Resources/);
    expect(screen).toMatch(
      /demo-pkg \(user\)\n\s+Extensions\n>\s+\[x\] one\.ts\n\s+\[x\] two\.ts\n\s+Skills\n\s+\[x\] alpha\n\s+\[x\] beta/,
    );
    expect(screen).toMatch(/User \(.*\/\)\n\s+Extensions\n\s+\[x\] mine\.ts/);
    t.keys("global", "Space");
    t.keys("global", "Down", "Down", "Space");
    await t.waitForPane("global", /\[ \] one\.ts[\s\S]*\[ \] alpha/);
    t.keys("global", "Escape");
    await t.waitForPane("global", /config exited 0/);
    expect(json(settingsFile()).packages).toEqual([
      { source: pkg, extensions: ["-extensions/one.ts"], skills: ["-skills/alpha/SKILL.md"] },
    ]);
    const names = await commands();
    expect(names).toEqual(expect.arrayContaining(["two", "mine", "skill:beta"]));
    expect(names).not.toContain("one");
    expect(names).not.toContain("skill:alpha");
  }, 60_000);

  it("-l writes the project's delta and a user extension's override; only that project is affected", async () => {
    await openConfig("project", "-l");
    await t.waitForPane("project", /Project Local Resources/);
    t.type("project", "two");
    await t.waitForPane("project", (p) => /> +\[x\] two\.ts +inherited global/.test(p) && !/one\.ts/.test(p));
    t.keys("project", "Space");
    await t.waitForPane("project", /\[-\] two\.ts +project unload/);
    t.keys("project", "BSpace", "BSpace", "BSpace");
    t.type("project", "mine");
    await t.waitForPane("project", (p) => /> +\[x\] mine\.ts/.test(p));
    t.keys("project", "Space", "Escape");
    await t.waitForPane("project", /config exited 0/);
    const project = json(join(fx.project, ".pi", "settings.json"));
    const mine = join(fx.agentDir, "extensions", "mine.ts");
    expect(project.extensions).toEqual([mine, `-${mine}`]);
    expect(project.packages).toHaveLength(1);
    expect(project.packages[0]).toMatchObject({ autoload: false, extensions: ["-extensions/two.ts"] });
    const inProject = await commands(["--trust"]);
    expect(inProject).not.toContain("two");
    expect(inProject).not.toContain("mine");
    expect(inProject).toContain("skill:beta");
    // The global settings are unchanged: elsewhere both still load.
    const elsewhere = join(fx.root, "elsewhere");
    mkdirSync(elsewhere);
    expect(await commands([], elsewhere)).toEqual(expect.arrayContaining(["two", "mine"]));
  }, 60_000);
});
