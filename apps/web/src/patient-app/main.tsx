import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { settlePatientLanguage } from "../lib/patient-text";
import { PatientApp } from "./patient-app";
import { registerServiceWorker } from "./service-worker";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
// The app opens in the patient's language (their choice on this device, else the browser's);
// the account's choice and the program's languages follow once signed in (MeLayout).
void settlePatientLanguage().finally(() =>
  createRoot(container).render(
    <StrictMode>
      <PatientApp />
    </StrictMode>,
  ),
);
registerServiceWorker();
