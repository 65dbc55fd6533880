import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { loadClientConfig } from "./lib/client-config";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");
void loadClientConfig();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
