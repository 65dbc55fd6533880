import { Fragment, type ReactNode } from "react";
import { usePatientLanguage } from "../lib/patient-text";

/**
 * The root of a patient entry: keyed by the language shown, so that a new language renders every
 * screen's texts again (they are read at render from lib/patient-text, not subscribed one by one).
 */
export const PatientLanguageRoot = ({ children }: { children: ReactNode }) => {
  const { language } = usePatientLanguage();
  return <Fragment key={language}>{children}</Fragment>;
};
