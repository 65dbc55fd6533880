import "./patient-side.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadClientConfig } from "../lib/client-config";
import { startErrorReporting } from "../lib/report-error";
import { PatientSideSwitch } from "./patient-side-switch";

/**
 * The light entry of the patient-side pages (patient-side.html): invitation, sign-up, consent,
 * demographics, get-the-app, unsubscribe, study ended. None of the staff shell, session, admin
 * features, MUI, query or router library, nor zod (issue 19: ≤ 100 kB gzip before the first
 * screen); the server sends this entry for exactly these paths (core's isPatientSidePath).
 */
const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
void loadClientConfig().then(startErrorReporting);
createRoot(container).render(
  <StrictMode>
    <PatientSideSwitch />
  </StrictMode>,
);
