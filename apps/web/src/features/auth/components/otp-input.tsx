import Box from "@mui/material/Box";
import OutlinedInput from "@mui/material/OutlinedInput";
import { limits } from "@openpro/core";
import { type ClipboardEvent, type FocusEvent, type KeyboardEvent, useRef } from "react";

export const emptyOtp = (): string[] => Array.from({ length: limits.otpLength }, () => "");

interface OtpInputProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  /** Focus left the whole group (not just moved between boxes). */
  onGroupBlur?: () => void;
  onGroupFocus?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  labelledBy: string;
  describedBy?: string;
  autoFocus?: boolean;
}

const onlyDigits = (text: string) => text.replace(/[^0-9]/g, "");

/** Six single-digit boxes: typing moves forward, paste fills, Backspace and arrows move. */
export const OtpInput = ({
  digits,
  onChange,
  onGroupBlur,
  onGroupFocus,
  disabled,
  invalid,
  labelledBy,
  describedBy,
  autoFocus,
}: OtpInputProps) => {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const length = limits.otpLength;

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `text` digit by digit from `start`; a full-length code always fills every box. */
  const fill = (start: number, text: string) => {
    const incoming = onlyDigits(text);
    if (!incoming) return;
    const from = incoming.length >= length ? 0 : start;
    const next = [...digits];
    const chars = incoming.slice(0, length - from);
    for (let k = 0; k < chars.length; k++) next[from + k] = chars[k] ?? "";
    onChange(next);
    focusBox(from + chars.length >= length ? length - 1 : from + chars.length);
  };

  const clearAt = (index: number) => {
    const next = [...digits];
    next[index] = "";
    onChange(next);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const { key } = event;
    if (/^[0-9]$/.test(key)) {
      event.preventDefault();
      const next = [...digits];
      next[index] = key;
      onChange(next);
      if (index < length - 1) focusBox(index + 1);
      return;
    }
    switch (key) {
      case "Backspace": {
        event.preventDefault();
        const target = digits[index] ? index : Math.max(0, index - 1);
        clearAt(target);
        focusBox(index - 1);
        return;
      }
      case "Delete":
        event.preventDefault();
        clearAt(index);
        return;
      case "ArrowLeft":
        event.preventDefault();
        focusBox(index - 1);
        return;
      case "ArrowRight":
        event.preventDefault();
        focusBox(index + 1);
        return;
      case "Home":
        event.preventDefault();
        focusBox(0);
        return;
      case "End":
        event.preventDefault();
        focusBox(length - 1);
        return;
      default:
        // Any other printable character is not a digit: keep the box as it is.
        if (key.length === 1) event.preventDefault();
    }
  };

  // Mobile keyboards and one-time-code autofill bypass keydown and arrive here.
  const onInput = (index: number) => (value: string) => {
    const incoming = onlyDigits(value);
    if (!incoming) {
      clearAt(index);
      return;
    }
    const old = digits[index] ?? "";
    if (incoming.length === 2 && old && incoming.includes(old)) {
      fill(index, incoming.startsWith(old) ? incoming.slice(1) : incoming.slice(0, 1));
      return;
    }
    fill(index, incoming);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData("text"));
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onGroupBlur?.();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onGroupFocus?.();
  };

  return (
    <Box
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onBlur={onBlur}
      onFocus={onFocus}
      sx={{ display: "flex", gap: { xs: 1, sm: 1.5 }, justifyContent: "center", my: 2 }}
    >
      {digits.map((digit, index) => (
        <OutlinedInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items
          key={index}
          inputRef={(element: HTMLInputElement | null) => {
            refs.current[index] = element;
          }}
          value={digit}
          onChange={(event) => onInput(index)(event.target.value)}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          error={invalid}
          autoFocus={autoFocus && index === 0}
          inputProps={{
            inputMode: "numeric",
            pattern: "[0-9]*",
            autoComplete: index === 0 ? "one-time-code" : "off",
            "aria-label": `Digit ${index + 1} of ${length}`,
            "aria-invalid": invalid || undefined,
            style: { textAlign: "center", fontSize: "1.5rem", padding: "12px 0" },
          }}
          sx={{ width: { xs: 44, sm: 52 } }}
        />
      ))}
    </Box>
  );
};
