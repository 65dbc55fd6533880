import type { ReactNode } from "react";
import { infoLinks } from "../app/shell/info-links";
import { Card } from "../components/plain-ui";

/**
 * The signed-out frame of the patient-side entry (the staff app's PublicLayout without MUI): skip
 * link, header, a centred card (narrow) or a reading column (wide), and the legal links.
 */
export const PatientSideLayout = ({ wide, children }: { wide: boolean; children: ReactNode }) => (
  <div className="ps-page">
    <a className="ps-skip" href="#main-content">
      Skip to main content
    </a>
    <header className="ps-header">
      <a className="ps-brand" href="/">
        OpenPRO
      </a>
    </header>
    <main id="main-content" tabIndex={-1} className="ps-main">
      <div className={wide ? "ps-column ps-column-wide" : "ps-column"}>{wide ? children : <Card>{children}</Card>}</div>
    </main>
    <footer className="ps-footer">
      {infoLinks.map((link) => (
        <a key={link.to} href={link.to}>
          {link.label}
        </a>
      ))}
      <span className="pu-secondary">© OpenPRO</span>
    </footer>
  </div>
);
