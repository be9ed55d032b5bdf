// `pi demo`'s session: a small project and the turns of a scripted model that reads a file,
// edits it, runs it and answers. Plain data, shipped with the package (package.json "files").

export const DEMO_FILE = "src/greet.js";

export const DEMO_FILES = {
  [DEMO_FILE]: 'const name = "world";\nconsole.log(`Hello, ${name}!`);\n',
  "README.md": "# greet\n\nA one-line greeter, for pi's demo.\n",
};

export const DEMO_PROMPT = "[demo] Make src/greet.js greet the name given on its command line, and show it working.";

/** How to connect a real model: the scripted model's last words, and the CLI's after the session. */
export const CONNECT = [
  "To use a real model:",
  "  - /login in pi: a Claude Pro/Max, ChatGPT Plus/Pro, GitHub Copilot or Google subscription;",
  "  - or an API key: export ANTHROPIC_API_KEY=... (or OPENAI_API_KEY, GEMINI_API_KEY, ...);",
  "  - or a local server: Ollama, llama.cpp, LM Studio or vLLM, found on their usual ports;",
  "then run `pi` in your project.",
].join("\n");

const paced = { chunkSize: 8, delayMs: 8 };

export function demoTurns() {
  return [
    {
      ...paced,
      text: "This is pi's demo: a scripted model on 127.0.0.1, no key, nothing leaves this machine. First, the file.",
      toolCalls: [{ name: "read", arguments: { path: DEMO_FILE } }],
    },
    {
      ...paced,
      text: "It greets a fixed name. I will take the name from the command line instead.",
      toolCalls: [
        {
          name: "edit",
          arguments: {
            path: DEMO_FILE,
            edits: [{ oldText: 'const name = "world";', newText: 'const name = process.argv[2] ?? "world";' }],
          },
        },
      ],
    },
    { ...paced, text: "Now run it with a name.", toolCalls: [{ name: "bash", arguments: { command: `node ${DEMO_FILE} Ada` } }] },
    {
      ...paced,
      text: [
        `Done: ${DEMO_FILE} greets the name it is given, and \`node ${DEMO_FILE} Ada\` prints "Hello, Ada!".`,
        `That was pi's loop (read, edit, run, answer) with a scripted model. ${CONNECT}`,
        "Press ctrl+d to leave the demo.",
      ].join("\n\n"),
    },
  ];
}

/** What the scripted model says to anything after the demo. */
export function afterDemoTurn() {
  return { ...paced, text: `The demo's scripted model has nothing more to say. ${CONNECT}\n\nPress ctrl+d to leave the demo.` };
}
