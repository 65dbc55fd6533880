import CalendarMonthOutlinedIcon from "@mui/icons-material/CalendarMonthOutlined";
import { IconButton, InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { useEffect, useMemo, useRef, useState } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { dateOrder, formatDateInput, parseDateInput } from "../lib/date-input";

type Props<T extends FieldValues, O extends FieldValues> = Omit<
  TextFieldProps,
  "name" | "value" | "onChange" | "onBlur" | "error" | "type"
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** YYYY-MM-DD bounds for the picker (the form's schema enforces them). */
  min?: string;
  max?: string;
};

/**
 * The one date input of the staff app (issue 33): typed in the reader's date order (the browser's
 * locale, else the program territory's: 27/11/2026 for en-GB, 11/27/2026 for en-US), kept in the
 * form as YYYY-MM-DD, with a button that opens the browser's calendar. A native date input showed
 * mm/dd/yyyy to British staff whose browser spoke American English.
 */
export const FormDateField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  helperText,
  label,
  min,
  max,
  disabled,
  slotProps,
  ...props
}: Props<T, O>) => {
  const { field, fieldState } = useController({ control, name });
  const order = useMemo(() => dateOrder(), []);
  const value = (field.value ?? "") as string;
  const [text, setText] = useState(() => formatDateInput(value, order));
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, a picked date) shows in the reader's order; what is being
  // typed stays as typed.
  useEffect(() => {
    setText((current) => {
      const typed = parseDateInput(current, order) ?? current.trim();
      return typed === value ? current : formatDateInput(value, order);
    });
  }, [value, order]);

  const take = (typed: string) => {
    setText(typed);
    // A whole date goes to the form as YYYY-MM-DD; a half-typed one as it is, which the form's
    // schema refuses (the message below says how to write it).
    field.onChange(parseDateInput(typed, order) ?? typed.trim());
  };

  const notADate = value !== "" && parseDateInput(value, order) === null;
  const message = fieldState.error
    ? notADate
      ? `Please enter a real date as ${order.pattern}, such as ${formatDateInput("2026-11-27", order)}`
      : fieldState.error.message
    : undefined;

  return (
    <>
      <TextField
        {...props}
        label={label}
        name={field.name}
        value={text}
        onChange={(event) => take(event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        disabled={disabled}
        error={Boolean(message)}
        helperText={message ?? helperText ?? order.pattern}
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
          htmlInput: {
            inputMode: "numeric",
            placeholder: order.pattern,
            autoComplete: "off",
            ...(min ? { min } : {}),
            ...(max ? { max } : {}),
            ...(slotProps?.htmlInput as object),
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  aria-label={`Choose ${typeof label === "string" ? label.toLowerCase() : "a date"} from a calendar`}
                  disabled={disabled}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthOutlinedIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
            ...(slotProps?.input as object),
          },
        }}
      />
      {/* The browser's calendar, opened by the button; never focused or read on its own. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="visually-hidden"
        value={parseDateInput(value, order) ?? ""}
        min={min}
        max={max}
        onChange={(event) => {
          if (event.target.value) take(formatDateInput(event.target.value, order));
        }}
      />
    </>
  );
};
