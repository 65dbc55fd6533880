import { displayLocale } from "./format";

/**
 * Typing a date in the reader's own order (issue 33): an en-GB nurse types 27/11/2026, an en-US
 * one 11/27/2026, where a native date input followed the browser's interface language and showed
 * mm/dd/yyyy to British staff. The form keeps YYYY-MM-DD; these turn one into the other.
 */

type Part = "day" | "month" | "year";

export interface DateOrder {
  parts: Part[];
  separator: string;
  /** "DD/MM/YYYY": the placeholder and the hint. */
  pattern: string;
}

/** The order and separator of the locale's numeric date (27/11/2026, 11/27/2026, 27.11.2026). */
export const dateOrder = (locale = displayLocale()): DateOrder => {
  const formatted = new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).formatToParts(new Date(Date.UTC(2026, 10, 27, 12)));
  const parts = formatted.filter((p) => p.type === "day" || p.type === "month" || p.type === "year");
  const separator = formatted.find((p) => p.type === "literal")?.value.trim() || "/";
  const names = { day: "DD", month: "MM", year: "YYYY" } as const;
  return {
    parts: parts.map((p) => p.type as Part),
    separator,
    pattern: parts.map((p) => names[p.type as Part]).join(separator),
  };
};

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD as the locale writes it; anything else (a half-typed text) as it is. */
export const formatDateInput = (value: string, order = dateOrder()): string => {
  const match = ISO.exec(value);
  if (!match) return value;
  const of = { year: match[1]!, month: match[2]!, day: match[3]! };
  return order.parts.map((part) => of[part]).join(order.separator);
};

const realDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * What was typed, as YYYY-MM-DD: in the locale's order with any of / . - or spaces between the
 * parts (27/11/2026, 27.11.2026, 27 11 2026, a one-digit day or month), or already as YYYY-MM-DD.
 * null when it is no real date (31/02/2026) or not a whole date yet.
 */
export const parseDateInput = (text: string, order = dateOrder()): string | null => {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? trimmed : null;
  const pieces = trimmed.split(/[\s/.-]+/);
  if (pieces.length !== 3 || pieces.some((p) => !/^\d+$/.test(p))) return null;
  const of: Record<Part, string> = { day: "", month: "", year: "" };
  order.parts.forEach((part, i) => {
    of[part] = pieces[i]!;
  });
  if (of.year.length !== 4 || of.month.length > 2 || of.day.length > 2) return null;
  const [year, month, day] = [Number(of.year), Number(of.month), Number(of.day)];
  if (!realDate(year, month, day)) return null;
  return `${of.year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};
