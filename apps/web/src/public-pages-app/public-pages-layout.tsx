import type { PatientTextKey } from "@openpro/core/schema-free";
import type { ReactNode } from "react";
import { LanguageSwitch } from "../components/language-switch";
import { Card } from "../components/plain-ui";
import { infoLinks } from "../lib/info-links";
import { t } from "../lib/patient-text";

/** The footer's legal links in the patient's language (the staff app's Info menu keeps its English labels). */
const footerLabels: Record<(typeof infoLinks)[number]["to"], PatientTextKey> = {
  "/instructions-for-use": "footerInstructions",
  "/key-terms": "footerKeyTerms",
  "/privacy-policy": "footerPrivacy",
  "/eula": "licenceAgreementTitle",
  "/terms-and-conditions": "footerTerms",
};

/**
 * The signed-out frame of the public pages' entry (the staff app's PublicLayout without MUI): skip
 * link, header (with the language switch on a patient's pages), a centred card (narrow) or a
 * reading column (wide), and the legal links.
 */
export const PublicPagesLayout = ({
  wide,
  patient,
  children,
}: {
  wide: boolean;
  /** A patient's page (not the staff sign-in or invitation): in the patient's language, with the switch. */
  patient: boolean;
  children: ReactNode;
}) => (
  <div className="pp-page">
    <a className="pp-skip" href="#main-content">
      {t("skipToContent")}
    </a>
    <header className="pp-header">
      <a className="pp-brand" href="/">
        {t("appName")}
      </a>
      {patient ? <LanguageSwitch /> : null}
    </header>
    <main id="main-content" tabIndex={-1} className="pp-main">
      <div className={wide ? "pp-column pp-column-wide" : "pp-column"}>{wide ? children : <Card>{children}</Card>}</div>
    </main>
    <footer className="pp-footer">
      {infoLinks.map((link) => (
        <a key={link.to} href={link.to}>
          {t(footerLabels[link.to])}
        </a>
      ))}
      <span className="pu-secondary">© {t("appName")}</span>
    </footer>
  </div>
);
