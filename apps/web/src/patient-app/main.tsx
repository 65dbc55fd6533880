import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PatientApp } from "./patient-app";
import { registerServiceWorker } from "./service-worker";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
createRoot(container).render(
  <StrictMode>
    <PatientApp />
  </StrictMode>,
);
registerServiceWorker();
