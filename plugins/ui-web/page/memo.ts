// A component that redraws only when one of its props changed identity (React's memo). Preact's
// own lives in preact/compat, which would bring the rest of its React layer (~4 KB gzipped) along.
import { Component, type FunctionComponent, h } from "preact";

export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    shouldComponentUpdate(next: P): boolean {
      const now = this.props as Record<string, unknown>;
      const then = next as Record<string, unknown>;
      return Object.keys(then).some((k) => then[k] !== now[k]) || Object.keys(now).length !== Object.keys(then).length;
    }
    render(props: P) {
      return h(render, props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
