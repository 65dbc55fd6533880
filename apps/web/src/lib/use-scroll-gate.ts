import { type RefObject, useEffect, useState } from "react";
import { throttle } from "./throttle";

/** Near the bottom (within threshold px), or nothing to scroll at all. */
const isScrolledToEnd = (el: Pick<HTMLElement, "scrollTop" | "scrollHeight" | "clientHeight">, threshold: number) =>
  el.scrollHeight - el.clientHeight <= threshold || el.scrollTop + el.clientHeight >= el.scrollHeight - threshold;

/**
 * True once the reader has scrolled `ref` to within `threshold` px of its end (scroll events throttled),
 * or immediately when its content does not scroll. Stays true afterwards.
 */
export const useScrollGate = (
  ref: RefObject<HTMLElement | null>,
  { threshold, throttleMs, ready }: { threshold: number; throttleMs: number; ready: boolean },
): boolean => {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el || reached) return;
    const check = () => {
      if (isScrolledToEnd(el, threshold)) setReached(true);
    };
    check();
    const onScroll = throttle(check, throttleMs);
    el.addEventListener("scroll", onScroll, { passive: true });
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(check);
    resize?.observe(el);
    return () => {
      onScroll.cancel();
      el.removeEventListener("scroll", onScroll);
      resize?.disconnect();
    };
  }, [ref, threshold, throttleMs, ready, reached]);
  return reached;
};
