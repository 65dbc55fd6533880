import "./public-pages.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadClientConfig } from "../lib/client-config";
import { startErrorReporting } from "../lib/report-error";
import { PublicPagesSwitch } from "./public-pages-switch";

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
createRoot(container).render(
  <StrictMode>
    <PublicPagesSwitch />
  </StrictMode>,
);
