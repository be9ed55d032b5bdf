// Bash rules over bash's real grammar: the simple commands of a line at any depth, their names
// normalised and wrappers unwrapped. A property-based test hides a denied command inside random
// nestings of every construct and spelling and shows none gets through (a deny rule matches, or
// the line cannot be judged and is asked, and an allow rule never covers it), while plain allowed
// commands joined by && | ; still run without a question.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadBashParser } from "../../plugins/permissions/bash-parser.js";
import { suggestRule } from "../../plugins/permissions/classify.js";
import { decide } from "../../plugins/permissions/decide.js";
import { type CallView, parseRule } from "../../plugins/permissions/rules.js";
import type { SourcedRule } from "../../plugins/permissions/settings.js";
import { analyseShell } from "../../plugins/permissions/shell-commands.js";

const cwd = "/work/project";
const bash = (command: string): CallView => ({ toolName: "bash", effect: "execute", args: { command }, cwd });
const rules = (kind: SourcedRule["kind"], ...texts: string[]): SourcedRule[] =>
  texts.map((t) => ({ ...parseRule(t)!, kind, source: "global" }));

const DENY = rules("deny", "Bash(rm:*)", "Bash(curl:*)");
/** Everything the constructs below use besides the denied commands is allowed. */
const ALLOW = rules(
  "allow",
  ...["echo", "cat", "true", "false", "ls", "git status", "npm test", ":", "xargs", "find", "sudo", "env", "bash", "sh", "eval", "f"].map(
    (c) => `Bash(${c}:*)`,
  ),
);

beforeAll(loadBashParser);

describe("simple commands of a shell line", () => {
  const names = (line: string) => analyseShell(line).commands.map((c) => c.words[0]);

  it.each([
    ['"rm" x', "rm"],
    ["\\rm x", "rm"],
    ["r''m x", "rm"],
    ["/bin/rm x", "rm"],
    ["$'\\x72m' x", "rm"],
    ["rm\tx", "rm"],
    ["# it's \"a note\nrm x", "rm"],
    ["echo $'\\'' ; rm x", "rm"],
    ["(cd . && rm x)", "rm"],
    ["{ rm x; }", "rm"],
    ["if true; then rm x; fi", "rm"],
    ["! rm x", "rm"],
    ["echo $(rm x)", "rm"],
    ["echo `rm x`", "rm"],
    ['echo "$(rm x)"', "rm"],
    ["cat <(rm x)", "rm"],
    ["echo $((1 + $(rm x)))", "rm"],
    ["cat <<EOF\n$(rm x)\nEOF", "rm"],
    ["f() { rm x; }", "rm"],
    ["case a in a) rm x;; esac", "rm"],
    ["command rm x", "rm"],
    ["builtin rm x", "rm"],
    ["exec rm x", "rm"],
    ["env -i A=1 -u B rm x", "rm"],
    ["time -p rm x", "rm"],
    ["nice -n 5 rm x", "rm"],
    ["nohup rm x", "rm"],
    ["timeout -s KILL 5 rm x", "rm"],
    ["stdbuf -oL rm x", "rm"],
    ["echo x | xargs -n 1 rm", "rm"],
    ["sudo -u root -- rm x", "rm"],
    ["doas rm x", "rm"],
    ["bash -c 'rm x'", "rm"],
    ['sh -ec "rm x"', "rm"],
    ["zsh -c 'rm x'", "rm"],
    ["eval 'rm x'", "rm"],
    ["find . -name x -exec rm {} \\;", "rm"],
    ["trap 'rm x' EXIT", "rm"],
    ["alias ls='rm x'", "rm"],
    ["bash <<'EOF'\nrm x\nEOF", "rm"],
    ["bash -c \"eval 'sudo env nice rm x'\"", "rm"],
  ])("%j runs %s", (line, name) => {
    expect(names(line)).toContain(name);
    expect(decide(bash(line), "yolo", [...DENY, ...rules("allow", "Bash")]).action).not.toBe("allow");
  });

  it.each([
    ["X=rm; $X x", "the command name $X is only known when it runs"],
    ["$(echo rm) x", "the command name $(echo rm) is only known when it runs"],
    ["/bin/r? x", "the command name /bin/r? is only known when it runs"],
    ['eval "$CODE"', "eval runs code that is only known when it runs"],
    ['bash -c "$CODE"', 'bash\'s argument "$CODE" is only known when it runs'],
    ["wget -qO- x | sh", "sh reads the commands it runs from its input"],
    ["sh <<< 'rm x'", "sh reads the commands it runs from its input"],
    ["echo 'unterminated", "bash cannot read all of it (an unterminated quote or a syntax error)"],
    ["r\\\nm x", "a line continuation inside a word"],
    ["echo ok\n\\curl x", "a newline the parser read inside a command"],
    ["=rm x", "the command name =rm is only known when it runs"],
    ["cat <<-EOF\n\t$(rm x)\n\tEOF", "a here-document whose substitutions the parser did not read"],
    ["! { ls x; }", "bash reads { as syntax the parser did not follow"],
  ])("%j cannot be judged: %s", (line, why) => {
    expect(analyseShell(line).unknown).toContain(why);
    // With a deny rule it is asked (print mode: refused), never allowed by a rule.
    const decision = decide(bash(line), "yolo", [...DENY, ...ALLOW]);
    expect(decision).toMatchObject({ action: "ask", reason: expect.stringContaining(why) });
    expect(decide(bash(line), "ask", ALLOW).action).toBe("ask");
  });

  it("keeps the rule syntax: prefix, exact, wildcard; an allow set covers a line command by command", () => {
    const allow = rules("allow", "Bash(npm test:*)", "Bash(git status)", "Bash(git * main)");
    expect(decide(bash("npm test && git status | git push origin main"), "ask", allow)).toMatchObject({ action: "allow", by: "rule" });
    expect(decide(bash("npm testing"), "ask", allow).action).toBe("ask");
    expect(decide(bash("git status -s"), "ask", allow).action).toBe("ask");
    expect(decide(bash("FOO=1 npm test"), "ask", allow).action).toBe("ask");
    // A transparent wrapper needs no rule of its own; sudo does.
    expect(decide(bash("time nice -n 5 npm test"), "ask", allow).action).toBe("allow");
    expect(decide(bash("sudo npm test"), "ask", allow).action).toBe("ask");
    // Written the way the command is, quotes and all.
    expect(decide(bash('git commit -m "a b"'), "ask", rules("allow", 'Bash(git commit -m "a b")')).action).toBe("allow");
    // A quoted here-document is text, not code.
    expect(decide(bash("cat > a.sh <<'EOF'\necho $(date)\nEOF"), "ask", rules("allow", "Bash(cat:*)")).action).toBe("allow");
    // A function or alias named like an allowed command runs what its body says.
    expect(decide(bash("git() { rm -rf ~; }; git status"), "ask", allow).action).toBe("ask");
  });

  it("suggests a prefix rule only for one plain simple command", () => {
    expect(suggestRule(bash("npm test --silent"))).toBe("Bash(npm test:*)");
    expect(suggestRule(bash("npm test > out.txt"))).toBe("Bash(npm test > out.txt)");
    expect(suggestRule(bash("npm test # it's\nrm x"))).toBe("Bash(npm test # it's\nrm x)");
    expect(suggestRule(bash("npm\ttest -s"))).toBe("Bash(npm test:*)");
  });
});

// ---- property-based: hostile lines --------------------------------------------------------------

const word = fc.stringMatching(/^[a-z0-9._/-]{1,8}$/).filter((w) => !w.startsWith("-") || w.length > 1);
const args = fc.array(word, { maxLength: 3 });

/** `rm` or `curl`, spelled as bash still reads it. */
const deniedName = fc
  .constantFrom("rm", "curl")
  .chain((n) =>
    fc.constantFrom(
      n,
      `"${n}"`,
      `'${n}'`,
      `\\${n}`,
      `${n[0]}''${n.slice(1)}`,
      `${n[0]}""${n.slice(1)}`,
      `"${n[0]}"${n.slice(1)}`,
      `/bin/${n}`,
      `/usr/bin/${n}`,
      `$'${n}'`,
      `$'\\x${n.charCodeAt(0).toString(16)}${n.slice(1)}'`,
      `$'\\${n.charCodeAt(0).toString(8)}${n.slice(1)}'`,
    ),
  );

const blank = fc.constantFrom(" ", "\t", "  ", " \\\n ");

/** A simple command running a denied program, maybe wrapped. */
const hiddenSimple: fc.Arbitrary<string> = fc
  .tuple(deniedName, blank, args)
  .map(([n, b, a]) => [n, ...a].join(b))
  .chain((simple) =>
    fc.constantFrom(
      simple,
      `command ${simple}`,
      `builtin ${simple}`,
      `exec ${simple}`,
      `env A=1 ${simple}`,
      `env -i -u B -- ${simple}`,
      `time ${simple}`,
      `time -p ${simple}`,
      `nice -n 5 ${simple}`,
      `nohup ${simple}`,
      `timeout 5 ${simple}`,
      `timeout -k 1 5 ${simple}`,
      `stdbuf -oL ${simple}`,
      `sudo ${simple}`,
      `sudo -u root -- ${simple}`,
      `doas ${simple}`,
      `echo a | xargs ${simple}`,
      `echo a | xargs -I{} ${simple} {}`,
      `find . -exec ${simple} {} \\;`,
      `find . -name x -execdir ${simple} {} +`,
      `A=1 B=2 ${simple}`,
    ),
  );

const single = (code: string) => `'${code.replaceAll("'", "'\\''")}'`;
const double = (code: string) => `"${code.replace(/[$`"\\]/g, "\\$&")}"`;

/** Puts a line inside one construct. */
const construct = fc.constantFrom<(c: string) => string>(
  // Spaced: `((…))` is bash arithmetic, not two subshells.
  (c) => `( ${c} )`,
  (c) => `{ ${c}; }`,
  (c) => `if true; then ${c}; fi`,
  (c) => `if ${c}; then :; fi`,
  (c) => `if false; then :; else ${c}; fi`,
  (c) => `! ${c}`,
  (c) => `echo $(${c})`,
  (c) => `echo "$(${c})"`,
  (c) => (c.includes("`") ? `echo $(${c})` : `echo \`${c}\``),
  (c) => `x=$(${c})`,
  (c) => `cat <(${c})`,
  (c) => `echo $((1 + $(${c})))`,
  (c) => `while ${c}; do break; done`,
  (c) => `for i in 1 2; do ${c}; done`,
  (c) => `case x in x) ${c};; esac`,
  (c) => `f() { ${c}; }; f`,
  (c) => `${c} | cat`,
  (c) => `true && ${c}`,
  (c) => `false || ${c}`,
  (c) => `${c} &`,
  (c) => `echo ok; ${c}`,
  (c) => `echo ok\n${c}`,
  (c) => `# it's "odd\n${c}`,
  (c) => `echo $'\\'' ; ${c}`,
  (c) => `echo 'a;b' "c&&d" ; ${c}`,
  (c) => `bash -c ${single(c)}`,
  (c) => `sh -c ${double(c)}`,
  (c) => `bash -lc -- ${single(c)}`,
  (c) => `zsh -c ${single(c)}`,
  (c) => `eval ${single(c)}`,
  (c) => `eval ${double(c)}`,
  (c) => `cat <<EOF\n$(${c})\nEOF\n`,
  (c) => `bash <<'EOF'\n${c}\nEOF\n`,
);

const hiddenLine = fc
  .tuple(hiddenSimple, fc.array(construct, { maxLength: 4 }))
  .map(([simple, wraps]) => wraps.reduce((line, wrap) => wrap(line), simple));

describe("a denied command hidden in any construct", () => {
  it("never runs: a deny rule matches, or the line is asked (never allowed by a rule)", () => {
    fc.assert(
      fc.property(hiddenLine, fc.constantFrom<"yolo" | "ask" | "accept-edits">("yolo", "ask", "accept-edits"), (line, mode) => {
        const withBareAllow = decide(bash(line), mode, [...DENY, ...rules("allow", "Bash")]);
        expect(withBareAllow.action, line).not.toBe("allow");
        expect(decide(bash(line), mode, ALLOW), line).not.toMatchObject({ action: "allow", by: "rule" });
      }),
      { numRuns: 400 },
    );
  });
});

describe("plain allowed commands", () => {
  const quoted = fc.oneof(
    word,
    word.map((w) => `'${w} x'`),
    word.map((w) => `"${w} y"`),
  );
  const plain = fc
    .tuple(fc.constantFrom("git status", "npm test", "ls -la"), fc.array(quoted, { maxLength: 3 }))
    .map(([c, a]) => [c, ...a].join(" "));
  const joiner = fc.constantFrom(" && ", " || ", " ; ", " | ", "\n", " &&\n");
  const line = fc
    .tuple(plain, fc.array(fc.tuple(joiner, plain), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([j, p]) => j + p).join(""));

  it("still run without a question", () => {
    const allow = rules("allow", "Bash(git status:*)", "Bash(npm test:*)", "Bash(ls:*)");
    fc.assert(
      fc.property(line, (l) => {
        expect(decide(bash(l), "ask", [...DENY, ...allow]), l).toMatchObject({ action: "allow", by: "rule" });
      }),
      { numRuns: 300 },
    );
  });
});
