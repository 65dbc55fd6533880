import { AppFrame } from "./app-frame";
import { createRouter } from "./router";

export const App = () => <AppFrame createRouter={createRouter} />;
