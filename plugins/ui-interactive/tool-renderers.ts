// Tools that draw their own transcript row, with pi's contract (ToolDefinition.renderCall /
// renderResult). Native plugins use the same two optional fields on their ToolDef:
//
//   renderCall(args, theme, context)                             → the row's header
//   renderResult(result, { expanded, isPartial }, theme, context) → the row's body
//
// Each returns a component (anything with `render(width): string[]`, e.g. pi-compat's modules or
// pi-tui's Text/Box/Container) or undefined. A slot without a renderer, or whose renderer throws
// (reported once, naming the plugin), is drawn the default way. The body renderer decides itself
// what to show collapsed: Ctrl+O flips `expanded`. `renderShell: "self"` drops the row's padded
// status background so the components draw their own. Components are drawn again when the row
// changes (arguments, output, result, Ctrl+O, theme) or when they call `context.invalidate()`.
import type { ToolDef, ToolResult } from "pi-kernel";
import { reportRenderError, type ViewContext } from "./view-context.js";

export interface RenderedComponent {
  render(width: number): string[];
  invalidate?(): void;
}

export interface ToolRenderContext {
  args: Record<string, unknown>;
  toolCallId: string;
  /** Draw this row again (e.g. after the component's own timer changed it). */
  invalidate(): void;
  /** What this slot's renderer returned last time, to update in place. */
  lastComponent: RenderedComponent | undefined;
  /** Shared by both slots of one row, kept for the row's life. */
  state: Record<string, unknown>;
  cwd: string;
  executionStarted: boolean;
  argsComplete: boolean;
  isPartial: boolean;
  expanded: boolean;
  showImages: boolean;
  isError: boolean;
}

export interface ToolRenderers {
  renderShell?: "default" | "self";
  renderCall?(args: Record<string, unknown>, theme: unknown, context: ToolRenderContext): RenderedComponent | undefined;
  renderResult?(
    result: { content: ToolResult["content"]; details: unknown },
    opts: { expanded: boolean; isPartial: boolean },
    theme: unknown,
    context: ToolRenderContext,
  ): RenderedComponent | undefined;
}
/** A tool that draws its own row (type a native plugin's tool with this). */
export type RenderableTool = ToolDef & ToolRenderers;

/** What a row knows when it is drawn. */
export interface RowState {
  toolCallId: string;
  name: string;
  args: Record<string, unknown>;
  result: ToolResult | undefined;
  isPartial: boolean;
  isError: boolean;
  executionStarted: boolean;
  argsComplete: boolean;
}

type Slot = "renderCall" | "renderResult";

/** One row's custom slots: the last components, the shared state, the renderers that failed. */
export class ToolSlots {
  private readonly state: Record<string, unknown> = {};
  private readonly last: Partial<Record<Slot, RenderedComponent>> = {};
  private readonly failed: Partial<Record<Slot, unknown>> = {};

  constructor(
    private readonly ctx: ViewContext,
    private readonly invalidate: () => void,
  ) {}

  /** The renderers for a tool (plugins' resolvers first, then the registered tool) when there is one for a slot. */
  tool(name: string): RenderableTool | undefined {
    const tool = resolveRenderers(this.ctx, name);
    return tool && (typeof tool.renderCall === "function" || typeof tool.renderResult === "function") ? tool : undefined;
  }

  /** The header's lines from renderCall, or undefined for the default header. */
  call(tool: RenderableTool, row: RowState, width: number): string[] | undefined {
    return this.draw(tool, "renderCall", row, width, (fn, context) => fn.call(tool, row.args, this.ctx.theme(), context));
  }

  /** The body's lines from renderResult (once there is output), or undefined for the default body. */
  result(tool: RenderableTool, row: RowState, width: number): string[] | undefined {
    const res = row.result;
    if (!res) return [];
    const opts = { expanded: this.ctx.toolsExpanded(), isPartial: row.isPartial };
    return this.draw(tool, "renderResult", row, width, (fn, context) =>
      fn.call(tool, { content: res.content, details: res.details }, opts, this.ctx.theme(), context),
    );
  }

  private draw<S extends Slot>(
    tool: RenderableTool,
    slot: S,
    row: RowState,
    width: number,
    call: (fn: NonNullable<RenderableTool[S]>, context: ToolRenderContext) => RenderedComponent | undefined,
  ): string[] | undefined {
    const fn = tool[slot];
    if (typeof fn !== "function" || this.failed[slot] === fn) return undefined;
    try {
      const component = call(fn as NonNullable<RenderableTool[S]>, this.context(row, this.last[slot]));
      this.last[slot] = component;
      return component ? component.render(width) : [];
    } catch (error) {
      this.failed[slot] = fn;
      this.last[slot] = undefined;
      reportRenderError(this.ctx, `${slot} of tool "${row.name}"`, this.ctx.api().registry.owner("tool", row.name), error);
      return undefined;
    }
  }

  private context(row: RowState, lastComponent: RenderedComponent | undefined): ToolRenderContext {
    return {
      args: row.args,
      toolCallId: row.toolCallId,
      lastComponent,
      state: this.state,
      cwd: this.ctx.cwd,
      executionStarted: row.executionStarted,
      argsComplete: row.argsComplete,
      isPartial: row.isPartial,
      expanded: this.ctx.toolsExpanded(),
      showImages: false,
      isError: row.isError,
      invalidate: () => {
        this.invalidate();
        this.ctx.requestRender();
      },
    };
  }
}

const failedResolvers = new WeakSet<object>();

/**
 * pi's registerToolRenderer: resolvers run in registration order, each given `next()` (what the
 * later ones, then the registered tool, would use). A resolver that throws is skipped (reported once).
 */
function resolveRenderers(ctx: ViewContext, name: string): RenderableTool | undefined {
  const registry = ctx.api().registry;
  const registered = registry.get("tool", name) as RenderableTool | undefined;
  const resolvers = registry.list("toolRenderer");
  const from = (i: number): RenderableTool | undefined => {
    const r = resolvers[i];
    if (!r) return registered;
    if (failedResolvers.has(r)) return from(i + 1);
    try {
      return (r.resolve(name, () => from(i + 1)) as RenderableTool | undefined) ?? undefined;
    } catch (error) {
      failedResolvers.add(r);
      reportRenderError(ctx, `tool renderer "${r.name}"`, registry.owner("toolRenderer", r.name), error);
      return from(i + 1);
    }
  };
  return from(0);
}
