import CalendarMonthOutlinedIcon from "@mui/icons-material/CalendarMonthOutlined";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import type { TextFieldProps } from "@mui/material/TextField";
import TextField from "@mui/material/TextField";
import { type Ref, useEffect, useMemo, useRef, useState } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { dateOrder, formatDateInput, parseDateInput } from "../lib/date-input";

type DateFieldProps = Omit<TextFieldProps, "name" | "value" | "onChange" | "type" | "inputRef"> & {
  name?: string;
  /** YYYY-MM-DD, or a half-typed text as it was typed (what `onChange` last gave). */
  value: string;
  /** Gets YYYY-MM-DD once a whole real date is typed or picked, else the text as typed. */
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** YYYY-MM-DD bounds for the picker (the form's own rules enforce them). */
  min?: string;
  max?: string;
};

/** True for a whole real date as the forms keep it (YYYY-MM-DD). */
export const isIsoDate = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDateInput(value) === value;

/**
 * The one date input of the staff app (issue 33): typed in the reader's date order (the browser's
 * locale, else the program territory's: 27/11/2026 for en-GB, 11/27/2026 for en-US), kept as
 * YYYY-MM-DD, with a button that opens the browser's calendar. A native date input showed
 * mm/dd/yyyy to British staff whose browser spoke American English. With `error`, a text that is
 * no date yet is told how to write one. `FormDateField` is the same for a react-hook-form form.
 */
export const DateField = ({
  value,
  onChange,
  helperText,
  label,
  min,
  max,
  disabled,
  error,
  slotProps,
  inputRef,
  ...props
}: DateFieldProps) => {
  const order = useMemo(() => dateOrder(), []);
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
    // A whole date goes on as YYYY-MM-DD; a half-typed one as it is, which the form's rules refuse
    // (the message below says how to write it).
    onChange(parseDateInput(typed, order) ?? typed.trim());
  };

  const notADate = value !== "" && parseDateInput(value, order) === null;
  const message =
    error && notADate
      ? `Please enter a real date as ${order.pattern}, such as ${formatDateInput("2026-11-27", order)}`
      : helperText;

  return (
    <>
      <TextField
        {...props}
        label={label}
        value={text}
        onChange={(event) => take(event.target.value)}
        inputRef={inputRef}
        disabled={disabled}
        error={Boolean(error)}
        helperText={message ?? order.pattern}
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

type Props<T extends FieldValues, O extends FieldValues> = Omit<
  DateFieldProps,
  "name" | "value" | "onChange" | "onBlur" | "error" | "inputRef"
> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
};

/** The staff app's date input (DateField) as a field of a react-hook-form form. */
export const FormDateField = <T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  helperText,
  ...props
}: Props<T, O>) => {
  const { field, fieldState } = useController({ control, name });
  return (
    <DateField
      {...props}
      name={field.name}
      value={(field.value ?? "") as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
};
