import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from "react";

/**
 * The CSS animations that say an input matches `:-webkit-autofill` (the browser or its password manager filled it):
 * MUI's InputBase runs `mui-auto-fill` on a filled input and `mui-auto-fill-cancel` on every other one; plain-ui.css
 * does the same with `pu-autofill` and `pu-autofill-cancel` for the public pages' inputs.
 */
export const autofillAnimations = {
  filled: ["mui-auto-fill", "pu-autofill"],
  cleared: ["mui-auto-fill-cancel", "pu-autofill-cancel"],
} as const;

const isOneOf = (names: readonly string[], name: string) => names.includes(name);

/**
 * Which inputs of a form the browser autofilled. Chrome fills saved credentials without a change event (and hides
 * the password from scripts until the person first interacts with the page), so a form that waits for a change
 * would keep its Submit disabled over a filled form and the person would press twice. The filled state is what the
 * `:-webkit-autofill` pseudo-class says, seen through the `animationstart` of the animations above (the usual way
 * to observe it; the pseudo-class itself fires no event); an input the person then edits loses it.
 *
 * `ref` goes on the form; `autofilled` is true while at least one of its inputs is filled; `onFilled` hears of each
 * filled input, to take its value when the browser shows it at once (else the form's next render would put its own
 * value back); `filledInputs()` gives them, to read their values at submit time (by then the person has interacted,
 * so the browser shows them).
 */
export const useAutofill = <E extends HTMLElement>(
  onFilled?: (input: HTMLInputElement) => void,
): {
  ref: RefObject<E | null>;
  autofilled: boolean;
  filledInputs: () => HTMLInputElement[];
} => {
  const ref = useRef<E | null>(null);
  const filled = useRef(new Set<HTMLInputElement>());
  const [autofilled, setAutofilled] = useState(false);
  const heard = useRef(onFilled);
  heard.current = onFilled;

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const inputs = filled.current;
    const update = () => setAutofilled([...inputs].some((input) => input.isConnected));
    const onAnimationStart = (event: Event) => {
      const input = event.target;
      const name = (event as AnimationEvent).animationName;
      if (!(input instanceof HTMLInputElement) || typeof name !== "string") return;
      if (isOneOf(autofillAnimations.filled, name)) {
        inputs.add(input);
        heard.current?.(input);
      } else if (isOneOf(autofillAnimations.cleared, name)) inputs.delete(input);
      else return;
      update();
    };
    root.addEventListener("animationstart", onAnimationStart);
    // A fill that came before this listener did.
    try {
      for (const input of root.querySelectorAll<HTMLInputElement>("input:-webkit-autofill")) {
        inputs.add(input);
        heard.current?.(input);
      }
      update();
    } catch {
      // A browser (or test DOM) without the pseudo-class: the animations alone tell.
    }
    return () => root.removeEventListener("animationstart", onAnimationStart);
  }, []);

  const filledInputs = useCallback(() => [...filled.current].filter((input) => input.isConnected), []);
  return { ref, autofilled, filledInputs };
};
