// The small part of neo-blessed's API the full-screen frame uses (the package ships no types).
declare module "neo-blessed" {
  interface BlessedElement {
    setContent(text: string): void;
    show(): void;
    hide(): void;
    position: { top: number | string; left: number | string; width: number | string; height: number | string };
    top: number | string;
    left: number | string;
    width: number | string;
    height: number | string;
  }
  interface BlessedScreen {
    render(): void;
    destroy(): void;
    alloc(): void;
    /** `flush()` writes what blessed buffered for its next setImmediate at once. */
    program: { cols: number; rows: number; flush(): void };
    /** Terminal capabilities; `brokenACS` makes blessed write box drawing as UTF-8, not DEC ACS. */
    tput: { brokenACS: boolean };
  }
  interface Blessed {
    screen(options: Record<string, unknown>): BlessedScreen;
    box(options: Record<string, unknown>): BlessedElement;
  }
  const blessed: Blessed;
  export default blessed;
}
// The four files the frame imports on their own (plugins/ui-fullscreen/blessed-lite.ts).
declare module "neo-blessed/lib/program.js" {
  const Program: unknown;
  export default Program;
}
declare module "neo-blessed/lib/tput.js" {
  const Tput: unknown;
  export default Tput;
}
declare module "neo-blessed/lib/widgets/screen.js" {
  const screen: unknown;
  export default screen;
}
declare module "neo-blessed/lib/widgets/box.js" {
  const box: unknown;
  export default box;
}
