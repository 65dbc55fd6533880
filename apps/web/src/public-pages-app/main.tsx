import "./public-pages.css";
import { PUBLIC_PAGES } from "@openpro/core/schema-free";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadClientConfig } from "../lib/client-config";
import { matchPagePath } from "../lib/page-address";
import { loadPublicPageTexts, settlePatientLanguage, showPatientLanguage } from "../lib/patient-text";
import { startErrorReporting } from "../lib/report-error";
import { PublicPagesSwitch, STAFF_PUBLIC_PAGES } from "./public-pages-switch";

/**
 * The light entry of the public pages (public-pages.html): a patient's invitation, sign-up,
 * consent, demographics, get-the-app, unsubscribe, study ended; the staff sign-in and the staff
 * invitation. None of the staff shell, admin features, MUI, query or router library, nor zod
 * (issue 19: ≤ 100 kB gzip before a patient's first screen, ≤ 150 kB before the staff sign-in);
 * the server sends this entry for exactly these paths (core's isPublicPagePath).
 */
const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
void loadClientConfig().then(startErrorReporting);
const render = () =>
  createRoot(container).render(
    <StrictMode>
      <PublicPagesSwitch />
    </StrictMode>,
  );
// A patient's page opens in the patient's language (the app's texts and the public pages' own, two
// small chunks of that language); the staff pages stay in English (the shared forms' few words).
loadPublicPageTexts();
const page = PUBLIC_PAGES.find((pattern) => matchPagePath(pattern, window.location.pathname));
if (page && !STAFF_PUBLIC_PAGES.has(page)) void settlePatientLanguage().finally(render);
else void showPatientLanguage("en").finally(render);
