/**
 * The research export's units as UCUM codes (https://ucum.org), which statistics packages and FHIR
 * readers parse: a log stores the short units the app sends ("C", "lb"), and a UCUM reader takes
 * "C" for coulomb. The human label ("°C") goes in a column of its own. A unit with no entry is
 * written as stored, so nothing is lost if the app sends a new one before this table knows it.
 */
const units: Record<string, { ucum: string; label: string }> = {
  C: { ucum: "Cel", label: "°C" },
  F: { ucum: "[degF]", label: "°F" },
  kg: { ucum: "kg", label: "kg" },
  lb: { ucum: "[lb_av]", label: "lb" },
  mmHg: { ucum: "mm[Hg]", label: "mmHg" },
  h: { ucum: "h", label: "hours" },
  min: { ucum: "min", label: "minutes" },
  steps: { ucum: "{steps}", label: "steps" },
};

export const ucumOf = (unit: string | null): string | null => (unit === null ? null : (units[unit]?.ucum ?? unit));
export const unitLabelOf = (unit: string | null): string | null =>
  unit === null ? null : (units[unit]?.label ?? unit);
