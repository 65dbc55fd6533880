import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

/**
 * `node --import tsx bench/lighthouse.ts [dist]`: Lighthouse scores of the built app, started on
 * its demo data (embedded database in a temporary folder): the patient's invite page on a
 * throttled phone, the staff sign-in on a desktop. Builds the web app unless a built folder is given.
 * Chromium: CHROME_PATH, else Debian's /usr/bin/chromium.
 */
const INVITE_CODE = "LUNG7K4P"; // the demo's public invite code (apps/server/src/db/demo/seed.ts)
const repo = fileURLToPath(new URL("../", import.meta.url));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });

const waitUntilUp = async (url: string, server: ChildProcess) => {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer in 2 minutes`);
};

const main = async () => {
  const given = process.argv[2];
  const work = mkdtempSync(join(tmpdir(), "openpro-lighthouse-"));
  const dist = given ?? join(work, "dist");
  if (!given) {
    execFileSync("npx", ["vite", "build", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], {
      cwd: join(repo, "apps/web"),
      stdio: "inherit",
    });
  }
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", join(repo, "apps/server/src/main.ts")], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: join(work, "data"),
      WEB_DIST: dist,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      DEMO_DATA: "on",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    await waitUntilUp(`${base}/api/v1/healthz`, server);
    const pages = [
      { label: "/invite/{code} (mobile)", url: `${base}/invite/${INVITE_CODE}`, config: undefined },
      { label: "/login (desktop)", url: `${base}/login`, config: desktopConfig },
    ];
    const rows: string[][] = [];
    for (const page of pages) {
      const result = await lighthouse(
        page.url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
        page.config,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
      const requests = (audits["network-requests"]?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
      rows.push([
        page.label,
        score("performance"),
        score("accessibility"),
        audits["first-contentful-paint"]?.displayValue ?? "",
        audits["largest-contentful-paint"]?.displayValue ?? "",
        audits["total-blocking-time"]?.displayValue ?? "",
        `${Math.round((audits["total-byte-weight"]?.numericValue ?? 0) / 1024)} KiB`,
        String(requests),
      ]);
    }
    const header = ["page", "performance", "accessibility", "FCP", "LCP", "TBT", "transferred", "requests"];
    const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
    console.log("\nLighthouse on the built app with demo data\n");
    for (const row of [header, ...rows]) {
      console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
    }
  } finally {
    chrome.kill();
    server.kill();
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(null)));
    rmSync(work, { recursive: true, force: true });
  }
};

await main();
