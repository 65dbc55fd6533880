import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadSignInTextsFirst, settlePatientLanguage } from "../lib/patient-text";
import { PatientApp } from "./patient-app";
import { registerServiceWorker } from "./service-worker";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
// The app opens in the patient's language (their choice on this device, else the browser's);
// the account's choice and the program's languages follow once signed in (MeLayout). Opened on
// the sign-in, it shows that screen's texts first and fetches the rest right after.
if (window.location.pathname === "/me/login") loadSignInTextsFirst();
void settlePatientLanguage().finally(() =>
  createRoot(container).render(
    <StrictMode>
      <PatientApp />
    </StrictMode>,
  ),
);
registerServiceWorker();
