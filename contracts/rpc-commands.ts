// The `rpcCommand` contribution kind: commands a plugin adds to RPC mode (`pi --mode rpc`). A
// command line `{"id", "type": name, ...fields}` whose type no built-in command claims goes to the
// contribution of that name; what the handler returns is the response's `data` (none when it
// returns undefined) and what it throws is the response's `error`.

export interface RpcCommandDef {
  /** The command's `type`, e.g. "get_checkpoints". */
  name: string;
  description?: string;
  handler(command: Readonly<Record<string, unknown>>): unknown;
}

declare module "pi-kernel" {
  interface Contributions {
    rpcCommand: RpcCommandDef;
  }
}
