import { fireEvent } from "@testing-library/react";
import { autofillAnimations } from "./autofill";

/**
 * What Chrome does when it fills saved credentials into an input: the value changes with no input or change event
 * (React does not hear of it), and the input starts matching `:-webkit-autofill`, which starts the input's autofill
 * animation (MUI's, or plain-ui's for a `pu-input`). jsdom runs no CSS, so the animation's start is dispatched here.
 */
export const browserAutofills = (input: HTMLElement, value: string) => {
  if (!(input instanceof HTMLInputElement)) throw new Error("only an input is autofilled");
  input.value = value;
  animationStarts(input, input.classList.contains("pu-input") ? "pu-autofill" : "mui-auto-fill");
};

/** The person edited an autofilled input: it no longer matches `:-webkit-autofill` (the cancel animation starts). */
export const browserAutofillCleared = (input: HTMLElement) =>
  animationStarts(input, input.classList.contains("pu-input") ? "pu-autofill-cancel" : "mui-auto-fill-cancel");

const animationStarts = (input: HTMLElement, animationName: string) => {
  if (![...autofillAnimations.filled, ...autofillAnimations.cleared].includes(animationName as never)) {
    throw new Error(`no autofill animation is called ${animationName}`);
  }
  const event = new Event("animationstart", { bubbles: true });
  Object.defineProperty(event, "animationName", { value: animationName });
  fireEvent(input, event);
};
