import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadClientConfig } from "./lib/client-config";
import { startErrorReporting } from "./lib/report-error";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
// Error reporting (global handlers included) starts once the configuration names a DSN.
void loadClientConfig().then(startErrorReporting);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
