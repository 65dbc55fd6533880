import { hashPassword, queueMail, renderLayout, seedAtScale, seedPatients } from "../apps/server/src/index.js";
import { createBenchApp, signIn } from "./fixtures.js";
import { benchPatientData } from "./patient-data.js";
import { printTable, type Row, summarise, time } from "./stats.js";

/**
 * `npm run bench`: figures for the issue notes. Runs on PGlite in memory, or on the PostgreSQL
 * server of DATABASE_URL (a fresh database, dropped afterwards). Patient data: BENCH_PATIENTS ×
 * BENCH_DAYS (default 10,000 × 365 ≈ 20 M logs on PostgreSQL, 300 × 90 on PGlite).
 */
const rows: Row[] = [];
const benchStart = performance.now();
/**
 * BENCH_ONLY=patient-data runs only the patient-data sections (seed, list, report, uploads, dashboard);
 * BENCH_ONLY=at-scale adds the FHIR bulk export of the same seeded program (issues 7, 9, 10, 13 in one seed).
 */
const atScaleOnly = process.env.BENCH_ONLY === "at-scale";
const patientDataOnly = process.env.BENCH_ONLY === "patient-data" || atScaleOnly;

/** BENCH_ONLY=questionnaires runs only the questionnaire engine and export benchmarks (issue 8). */
if (process.env.BENCH_ONLY === "questionnaires") {
  await (await import("./questionnaire-engine.js")).benchQuestionnaireEngine(rows);
  await (await import("./questionnaire-export.js")).benchQuestionnaireExport(rows);
  console.log(
    `\nQuestionnaires (BENCH_ONLY=questionnaires) on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}, ${new Date().toISOString()}\n`,
  );
  printTable(rows);
  console.log(`\nTotal ${((performance.now() - benchStart) / 1000).toFixed(0)} s`);
  process.exit(0);
}

const argonSamples: number[] = [];
if (!patientDataOnly) {
  for (let i = 0; i < 20; i++) argonSamples.push(await time(() => hashPassword(`Bench-password-${i}!`)));
  rows.push(summarise("argon2id hash (m=19456, t=2)", argonSamples));
}

const t = await createBenchApp();
// The bench's clock reads the real time (the test harness's starts on a fixed day): the patient-data
// figures read the seeded data through a server process of its own, which runs on the real clock.
t.clock.set(new Date());
try {
  const users = 8;
  for (let i = 0; i < users; i++)
    await t.createStaff({ email: `bench${i}@openpro.bench`, role: "clinician_team_member" });

  if (!patientDataOnly) {
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

    // Durable jobs: 500 e-mails queued, then sent (outbox transport) by one runner.
    // Earlier sign-ins left their mails queued: send those first so the figure counts only these.
    await t.runJobs();
    for (let i = 0; i < 500; i++) {
      await queueMail(
        t.database.db,
        t.clock,
        `bench-mail-${i}@openpro.bench`,
        renderLayout({ subject: "Bench", greeting: "Hello", paragraphs: ["x"] }),
        "bench",
      );
    }
    const jobsStart = performance.now();
    const ran = await t.runJobs();
    const jobsMs = performance.now() - jobsStart;
    rows.push({
      benchmark: `durable jobs: ${ran} mail jobs claimed and run`,
      n: ran,
      p50: jobsMs / ran,
      p95: jobsMs / ran,
      mean: jobsMs / ran,
      throughput: (ran / jobsMs) * 1000,
    });
  }

  // Lists at scale: 500 organisations, 2,000 programs.
  const { organisationIds } = await seedAtScale(t.database.db, t.clock, { organisations: 500, programs: 2000 });
  await t.createStaff({ email: "bench-admin@openpro.bench", role: "superadmin" });
  const admin = await signIn(t, "bench-admin@openpro.bench");
  const nurse = await signIn(t, "bench1@openpro.bench");
  // The nurse works in ten of the organisations (about 40 programs in reach).
  const nurseId = (
    await t.database.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "bench1@openpro.bench")
      .executeTakeFirstOrThrow()
  ).id;
  await t.database.db
    .insertInto("organisationStaff")
    .values(
      organisationIds.slice(0, 10).map((organisationId) => ({
        organisationId,
        userId: nurseId,
        role: "clinician_team_member",
        inviteAccepted: true,
      })),
    )
    .execute();
  if (!patientDataOnly) {
    const measure = async (label: string, token: string, urls: (i: number) => string, n = 200) => {
      const samples: number[] = [];
      const start = performance.now();
      for (let i = 0; i < n; i++) {
        const url = urls(i);
        samples.push(
          await time(async () => {
            const response = await t.request({ method: "GET", url, token });
            if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
          }),
        );
      }
      rows.push(summarise(label, samples, performance.now() - start));
    };
    await measure(
      "program list page (admin, 2,000 programs)",
      admin.accessToken,
      (i) => `/api/v1/admin/projects?_page=${(i % 80) + 1}&_perPage=25`,
    );
    await measure(
      "program list of one organisation (admin)",
      admin.accessToken,
      (i) => `/api/v1/admin/projects?organisationId=${organisationIds[i % 500]}`,
    );
    await measure(
      "program list page (nurse in 10 organisations)",
      nurse.accessToken,
      (i) => `/api/v1/admin/projects?_page=${(i % 2) + 1}&_perPage=25`,
    );
    await measure(
      "organisation list page (admin, 500)",
      admin.accessToken,
      (i) => `/api/v1/admin/organisations?_page=${(i % 20) + 1}&_perPage=25`,
    );
    await measure(
      "organisation search by term (admin)",
      admin.accessToken,
      (i) => `/api/v1/admin/organisations?term=${String(i % 500).padStart(5, "0")}`,
    );

    // Patients at scale: 10,000 in one program.
    const programId = (
      await t.database.db
        .selectFrom("programs")
        .select("id")
        .where("name", "=", "Scale Program 000001")
        .executeTakeFirstOrThrow()
    ).id;
    const seedStart = performance.now();
    await seedPatients(
      t.database.db,
      { id: programId, key: "bench", territory: "US", isPrivate: false, closed: false },
      { count: 10_000, passwordHash: null, now: t.clock.now(), emailDomain: "bench.openpro.test" },
    );
    const seedMs = performance.now() - seedStart;
    await measure(
      "enrolment list page (10,000 patients)",
      admin.accessToken,
      (i) => `/api/v1/admin/projects/${programId}/users?_page=${(i % 400) + 1}&_perPage=25`,
      100,
    );
    await measure(
      "enrolment list filtered (consented, awaiting)",
      admin.accessToken,
      (i) => `/api/v1/admin/projects/${programId}/users?statuses=CONSENTED,AWAITING_VERIFICATION&_page=${(i % 20) + 1}`,
      100,
    );
    await measure(
      "enrolment list search by name",
      admin.accessToken,
      (i) => `/api/v1/admin/projects/${programId}/users?term=${["amelia", "smith", "oscar clarke", "9000"][i % 4]}`,
      100,
    );
    await measure(
      "global patient search (admin)",
      admin.accessToken,
      (i) => `/api/v1/pro-dashboard/patients?term=${["ameli", "jones", "bench.openpro", "wood"][i % 4]}`,
      100,
    );
    rows.push({ benchmark: "seed 10,000 patients with histories", n: 1, p50: seedMs, p95: seedMs, mean: seedMs });
  }

  // Patient data at scale: the bulk load, the severe-symptom sort, the report, uploads.
  await benchPatientData(t, admin.accessToken, rows);
  await (await import("./program-dashboard.js")).benchProgramDashboard(t, admin.accessToken, rows);
  // The patient-data table as soon as it is complete (the sections after it take long at scale).
  if (patientDataOnly) {
    console.log(`\nPatient data (BENCH_ONLY=${process.env.BENCH_ONLY})\n`);
    printTable(rows);
  }
  // FHIR R4 Bulk Data export of that program (issue 13): time and peak memory (the longest section).
  if (!patientDataOnly || atScaleOnly) {
    await (await import("./fhir-export.js")).benchFhirExport(t, admin.accessToken, rows);
    if (atScaleOnly) printTable(rows.slice(-1));
  }
} finally {
  await t.close();
}

if (patientDataOnly) process.exit(0);

// Questionnaires (issue 8): the delivery engine's daily run and the streamed report export.
await (await import("./questionnaire-engine.js")).benchQuestionnaireEngine(rows);
await (await import("./questionnaire-export.js")).benchQuestionnaireExport(rows);

// Data out (issue 13): the research export job (anonymised CSV zip and XLSX), rows/s and peak RSS.
await (await import("./research-export.js")).benchResearchExport(rows);

// Reliability and security (issue 12 §2): the long fuzz, ≥ 1,000 generated cases per operation.
if (!patientDataOnly) await (await import("./fuzz.js")).benchFuzz(rows);

console.log(
  `\nOpenPRO benchmarks on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)"}, ${new Date().toISOString()}\n`,
);
printTable(rows);
if (!patientDataOnly) (await import("./bundle-size.js")).printBundleSizes();

// Reliability (issue 12 §3, §4): faults on the product as a process, then load over loopback HTTP,
// each on a PostgreSQL cluster of its own (never the DATABASE_URL server) and PGlite temp folders.
if (!patientDataOnly) {
  console.log("\nFaults (the product as a child process; one line per scenario)\n");
  const faults = await (await import("./faults/index.js")).runFaults();
  console.log(`faults: ${faults.filter((f) => f.pass).length}/${faults.length} passed`);
  const load = await import("./load.js");
  load.printLoad(await load.runLoad());
}
console.log(`\nTotal ${((performance.now() - benchStart) / 1000).toFixed(0)} s`);
