import { hashPassword } from "../apps/server/src/platform/auth/passwords.js";
import { createTestApp, signIn } from "../apps/server/test/test-app.js";
import { printTable, type Row, summarise, time } from "./stats.js";

/**
 * `npm run bench`: figures for the issue notes. Runs on PGlite in memory, or on the PostgreSQL
 * server of DATABASE_URL (a fresh database, dropped afterwards).
 */
const rows: Row[] = [];

const argonSamples: number[] = [];
for (let i = 0; i < 20; i++) argonSamples.push(await time(() => hashPassword(`Bench-password-${i}!`)));
rows.push(summarise("argon2id hash (m=19456, t=2)", argonSamples));

const t = await createTestApp();
try {
  const users = 8;
  for (let i = 0; i < users; i++)
    await t.createStaff({ email: `bench${i}@openpro.bench`, role: "clinician_team_member" });

  // Full staff sign-in: password check, session, code e-mailed (stored), code verified.
  const signInSamples: number[] = [];
  const rounds = 5;
  const wallStart = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: users }, async (_, i) =>
        signInSamples.push(await time(() => signIn(t, `bench${i}@openpro.bench`))),
      ),
    );
  }
  rows.push(
    summarise(`staff sign-in, ${users} concurrent (login + code)`, signInSamples, performance.now() - wallStart),
  );

  const { accessToken } = await signIn(t, "bench0@openpro.bench");
  const currentSamples: number[] = [];
  const currentStart = performance.now();
  for (let i = 0; i < 300; i++) {
    currentSamples.push(await time(() => t.request({ method: "GET", url: "/api/v1/current", token: accessToken })));
  }
  rows.push(
    summarise("GET /current (token + session + permissions read)", currentSamples, performance.now() - currentStart),
  );
} finally {
  await t.close();
}

console.log(
  `\nOpenPRO benchmarks on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}, ${new Date().toISOString()}\n`,
);
printTable(rows);
