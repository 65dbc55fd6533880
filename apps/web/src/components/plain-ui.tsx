import "./plain-ui.css";
import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef } from "react";

/*
 * Light building blocks for the patient-side pages: native elements and one small stylesheet in
 * the colours, type and focus ring of the MUI theme (lib/theme.ts), so that the pages need neither
 * MUI nor its style engine and serve the staff app and the light patient-side entry alike.
 */

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");

/** The page's single h1; also sets the document title. */
export const PlainPageTitle = ({ children }: { children: string }) => {
  useEffect(() => {
    document.title = `${children} · OpenPRO`;
  }, [children]);
  return <h1 className="pu-h1">{children}</h1>;
};

export const Spinner = ({ label = "Loading" }: { label?: string }) => (
  <div className="pu-loading">
    <span className="pu-spinner" role="progressbar" aria-label={label} />
  </div>
);

export const Card = ({ children }: { children: ReactNode }) => <div className="pu-card">{children}</div>;

type Variant = "contained" | "outlined" | "text";
const buttonClass = (variant: Variant, large?: boolean, fullWidth?: boolean) =>
  classes("pu-button", `pu-button-${variant}`, large && "pu-button-large", fullWidth && "pu-full-width");

export const Button = ({
  variant = "text",
  large,
  fullWidth,
  type = "button",
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; large?: boolean; fullWidth?: boolean }) => (
  <button type={type} className={classes(buttonClass(variant, large, fullWidth), className)} {...rest} />
);

/** The large, full-width submit button that ends a form on the public pages. */
export const SubmitButton = ({ disabled, children }: { disabled: boolean; children: ReactNode }) => (
  <Button type="submit" variant="contained" large fullWidth className="pu-submit" disabled={disabled}>
    {children}
  </Button>
);

/** A link that looks like a button (store links, another part of the product). */
export const ButtonLink = ({
  variant = "contained",
  large,
  href,
  children,
}: {
  variant?: Variant;
  large?: boolean;
  href: string;
  children: ReactNode;
}) => (
  <a className={buttonClass(variant, large, true)} href={href}>
    {children}
  </a>
);

export const Alert = ({
  severity,
  role = "alert",
  children,
}: {
  severity: "error" | "warning" | "info" | "success";
  role?: "alert" | "status";
  children: ReactNode;
}) => (
  <div className={classes("pu-alert", `pu-alert-${severity}`)} role={role}>
    {children}
  </div>
);

/** A labelled input with its helper or error text under it (the error names the field through aria-describedby). */
/**
 * A short message at the foot of the screen that goes by itself after `durationMs` (the
 * specification's snackbar, MUI's look without MUI). Its live region is always in the page, so that
 * a screen reader reads the message when it appears.
 */
export const Snackbar = ({
  open,
  durationMs,
  onClose,
  children,
}: {
  open: boolean;
  durationMs: number;
  onClose: () => void;
  children: ReactNode;
}) => {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => close.current(), durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);
  return (
    <div className="pu-snackbar-region" role="status" aria-live="polite">
      {open ? <div className="pu-snackbar">{children}</div> : null}
    </div>
  );
};

export const TextField = ({
  label,
  error,
  helper,
  required,
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> & {
  label: string;
  error?: string | null;
  helper?: string;
  onValue: (value: string) => void;
}) => {
  const id = useId();
  const below = error || helper;
  const describedBy = classes(below && `${id}-text`, input["aria-describedby"]) || undefined;
  return (
    <div className={classes("pu-field", error && "pu-field-error")}>
      <label htmlFor={id} className="pu-label">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        {...input}
        id={id}
        required={required}
        className="pu-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onValue(event.currentTarget.value)}
      />
      {below ? (
        <p id={`${id}-text`} className="pu-helper">
          {error || helper}
        </p>
      ) : null}
    </div>
  );
};

export const Checkbox = ({
  label,
  checked,
  onChecked,
  error,
  name,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string | null;
  name?: string;
  disabled?: boolean;
}) => {
  const id = useId();
  return (
    <div className={classes("pu-check", error && "pu-field-error")}>
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-text` : undefined}
        onChange={(event) => onChecked(event.currentTarget.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p id={`${id}-text`} className="pu-helper">
          {error}
        </p>
      ) : null}
    </div>
  );
};

export const RadioGroup = <V extends string>({
  legend,
  name,
  options,
  value,
  onValue,
  error,
  required,
}: {
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V | "";
  onValue: (value: V) => void;
  error?: string | null;
  required?: boolean;
}) => {
  const id = useId();
  return (
    <fieldset
      className={classes("pu-fieldset", error && "pu-field-error")}
      aria-describedby={error ? `${id}-text` : undefined}
    >
      <legend className="pu-label">
        {legend}
        {required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.map((option) => (
        <div className="pu-check" key={option.value}>
          <input
            type="radio"
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onValue(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
        </div>
      ))}
      {error ? (
        <p id={`${id}-text`} className="pu-helper">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
};

/**
 * A modal dialog on the native <dialog>: the browser keeps focus inside, makes the page behind
 * inert and closes it with Escape (reported through onClose). The first action (the safe choice)
 * takes the focus.
 */
export const Dialog = ({
  open,
  title,
  onClose,
  children,
  actions,
  wide,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  wide?: boolean;
}) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // jsdom has no showModal: the open attribute shows it there.
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    dialog.querySelector<HTMLElement>(".pu-dialog-actions button")?.focus();
    return () => {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={classes("pu-dialog", wide && "pu-dialog-wide")}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} className="pu-dialog-title">
        {title}
      </h2>
      <div className="pu-dialog-content">{children}</div>
      <div className="pu-dialog-actions">{actions}</div>
    </dialog>
  );
};
