import "./plain-ui.css";
import {
  isPatientLanguage,
  offeredLanguages,
  type PatientLanguage,
  patientLanguageNames,
} from "@openpro/core/schema-free";
import { useId } from "react";
import { choosePatientLanguage, t, usePatientLanguage } from "../lib/patient-text";

/**
 * The patient's language switch, on every patient page: the territory's languages (all five before
 * the program is known), each named in itself. A native select: one control, the keyboard and
 * every screen reader know it. `onChosen` remembers the choice on the account when signed in.
 */
export const LanguageSwitch = ({ onChosen }: { onChosen?: (language: PatientLanguage) => void }) => {
  const { language, territory } = usePatientLanguage();
  const id = useId();
  const offered = offeredLanguages(territory);
  if (offered.length < 2) return null;
  return (
    <div className="pu-language">
      <label htmlFor={id}>{t("language")}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isPatientLanguage(chosen)) return;
          // The account first (its answer must not bring the old language back), then the screens.
          onChosen?.(chosen);
          void choosePatientLanguage(chosen);
        }}
      >
        {offered.map((option) => (
          <option key={option} value={option} lang={option}>
            {patientLanguageNames[option]}
          </option>
        ))}
      </select>
    </div>
  );
};
