import type { ReactNode } from "react";
import { infoLinks } from "../app/shell/info-links";
import { Card } from "../components/plain-ui";

/**
 * The signed-out frame of the public pages' entry (the staff app's PublicLayout without MUI): skip
 * link, header, a centred card (narrow) or a reading column (wide), and the legal links.
 */
export const PublicPagesLayout = ({ wide, children }: { wide: boolean; children: ReactNode }) => (
  <div className="pp-page">
    <a className="pp-skip" href="#main-content">
      Skip to main content
    </a>
    <header className="pp-header">
      <a className="pp-brand" href="/">
        OpenPRO
      </a>
    </header>
    <main id="main-content" tabIndex={-1} className="pp-main">
      <div className={wide ? "pp-column pp-column-wide" : "pp-column"}>{wide ? children : <Card>{children}</Card>}</div>
    </main>
    <footer className="pp-footer">
      {infoLinks.map((link) => (
        <a key={link.to} href={link.to}>
          {link.label}
        </a>
      ))}
      <span className="pu-secondary">© OpenPRO</span>
    </footer>
  </div>
);
