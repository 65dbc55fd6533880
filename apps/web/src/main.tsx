import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadClientConfig } from "./lib/client-config";
import { loadPublicPageTexts, showPatientLanguage } from "./lib/patient-text";
import { startErrorReporting } from "./lib/report-error";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
// Error reporting (global handlers included) starts once the configuration names a DSN.
void loadClientConfig().then(startErrorReporting);
// The patient pages this build also routes (lazy) and a shared dialog read the patients' catalogue:
// its English, fetched alongside (two small chunks), not holding the staff's first screen.
loadPublicPageTexts();
void showPatientLanguage("en");
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
