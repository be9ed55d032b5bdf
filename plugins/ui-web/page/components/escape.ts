// Escape closes the open dialog or panel, wherever the focus is.
import { useEffect } from "preact/hooks";

export function useEscape(close: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close]);
}
