import { ctcaeCatalogue } from "@openpro/core";
import { sql } from "kysely";
import type { Db } from "../kysely.js";
import { startDemoJob } from "./queries.js";

const id = (name: string) => {
  const type = ctcaeCatalogue.find((t) => t.name === name);
  if (!type) throw new Error(`CTCAE term missing from the catalogue: ${name}`);
  return type.logTypeId;
};

type DemoTerritory = "UK_IRE" | "US" | "CH";
/** A message in the program's default language (the territory's first) and in its other languages. */
type DemoMessage = { message: string; messageTranslations?: Record<string, string> };

/**
 * Alert messages of every open demo program (Fever grade 3 is left free for the journeys to configure), written for
 * its territory: its emergency number (999, 911, 144) and its languages (a Swiss program's in German, with French,
 * Italian and English beside it; a US program's in English with Spanish). Our own words.
 */
const alertMessages: readonly {
  texts: Record<DemoTerritory, DemoMessage>;
  pairs: readonly (readonly [string, number])[];
}[] = [
  {
    texts: {
      UK_IRE: {
        message:
          "Severe diarrhoea can make you dehydrated quickly. Please call the 24-hour Acute Oncology Line now and keep drinking small sips of water.",
      },
      US: {
        message:
          "Severe diarrhea can make you dehydrated quickly. Please call the 24-hour oncology line now and keep drinking small sips of water.",
        messageTranslations: {
          es: "La diarrea fuerte puede deshidratarle rápidamente. Llame ahora a la línea de oncología de 24 horas y siga bebiendo agua a pequeños sorbos.",
        },
      },
      CH: {
        message:
          "Starker Durchfall kann Sie schnell austrocknen. Rufen Sie jetzt die 24-Stunden-Onkologie-Linie an und trinken Sie weiter kleine Schlucke Wasser.",
        messageTranslations: {
          fr: "Une diarrhée sévère peut vous déshydrater rapidement. Appelez maintenant la ligne d’oncologie 24 h sur 24 et continuez à boire de l’eau par petites gorgées.",
          it: "Una diarrea grave può disidratarLa rapidamente. Chiami subito la linea di oncologia attiva 24 ore su 24 e continui a bere piccoli sorsi d’acqua.",
          en: "Severe diarrhoea can make you dehydrated quickly. Please call the 24-hour oncology line now and keep drinking small sips of water.",
        },
      },
    },
    pairs: [
      ["Diarrhea", 3],
      ["Diarrhea", 4],
      ["Vomiting", 3],
      ["Vomiting", 4],
    ],
  },
  {
    texts: {
      UK_IRE: {
        message:
          "A very high temperature during chemotherapy can be a sign of infection. Call the 24-hour line straight away; do not wait until the morning.",
      },
      US: {
        message:
          "A very high temperature during chemotherapy can be a sign of infection. Call the 24-hour line straight away; do not wait until the morning.",
        messageTranslations: {
          es: "Una fiebre muy alta durante la quimioterapia puede ser señal de infección. Llame de inmediato a la línea de 24 horas; no espere a la mañana.",
        },
      },
      CH: {
        message:
          "Sehr hohes Fieber während einer Chemotherapie kann ein Zeichen einer Infektion sein. Rufen Sie sofort die 24-Stunden-Linie an; warten Sie nicht bis zum Morgen.",
        messageTranslations: {
          fr: "Une fièvre très élevée pendant une chimiothérapie peut être le signe d’une infection. Appelez tout de suite la ligne 24 h sur 24 ; n’attendez pas le matin.",
          it: "Una febbre molto alta durante la chemioterapia può essere segno di un’infezione. Chiami subito la linea attiva 24 ore su 24; non aspetti il mattino.",
          en: "A very high temperature during chemotherapy can be a sign of infection. Call the 24-hour line straight away; do not wait until the morning.",
        },
      },
    },
    pairs: [["Fever", 4]],
  },
  {
    texts: {
      UK_IRE: {
        message:
          "You reported severe breathlessness. If you cannot speak in full sentences call 999; otherwise call us now.",
      },
      US: {
        message:
          "You reported severe shortness of breath. If you cannot speak in full sentences call 911; otherwise call us now.",
        messageTranslations: {
          es: "Ha indicado que le falta mucho el aire. Si no puede hablar con frases completas, llame al 911; si no, llámenos ahora.",
        },
      },
      CH: {
        message:
          "Sie haben starke Atemnot gemeldet. Wenn Sie nicht in ganzen Sätzen sprechen können, rufen Sie 144 an; sonst rufen Sie uns jetzt an.",
        messageTranslations: {
          fr: "Vous avez signalé un essoufflement important. Si vous ne pouvez pas parler en phrases complètes, appelez le 144 ; sinon appelez-nous maintenant.",
          it: "Ha segnalato una forte mancanza di respiro. Se non riesce a parlare con frasi complete, chiami il 144; altrimenti ci chiami subito.",
          en: "You reported severe breathlessness. If you cannot speak in full sentences call 144; otherwise call us now.",
        },
      },
    },
    pairs: [
      ["Dyspnea", 3],
      ["Dyspnea", 4],
    ],
  },
];

const prioritised = ["Nausea", "Fatigue", "Diarrhea", "Vomiting", "Pain", "Fever"];
const closeActions = ["called_patient", "advised_emergency", "dose_adjusted", "no_action_needed"] as const;

/**
 * Symptom settings and the care team's alerts of the demo: each open program gets its alert
 * messages, prioritised symptoms and a daily reminder; the latest danger-grade log of each symptom
 * of the last three days, for up to three patients per program, raised an alert: Open when raised in
 * the last two hours, otherwise Open, Taken a few minutes after it was raised, or Closed within two
 * hours with the action taken. Deterministic (ordered by
 * name); a handful of statements, so `npm start` stays fast.
 */
export const seedAlerts = async (db: Db, options: { now: Date }) => {
  const { now } = options;
  const programs = await db
    .selectFrom("programs")
    .select(["id", "territory"])
    .where("endedAt", "is", null)
    .orderBy("name")
    .execute();
  for (const { id: programId, territory } of programs) {
    await db
      .insertInto("prioritisedSymptoms")
      .values(prioritised.map((name, position) => ({ programId, logTypeId: id(name), position })))
      .execute();
    for (const [i, m] of alertMessages.entries()) {
      const created = new Date(now.getTime() - (30 - i) * 86_400_000);
      const row = await db
        .insertInto("severeSymptomMessages")
        .values({
          programId,
          message: m.texts[territory].message,
          messageTranslations: JSON.stringify(m.texts[territory].messageTranslations ?? {}),
          createdAt: created,
          updatedAt: created,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("severeSymptomGrades")
        .values(
          m.pairs.map(([name, grade]) => ({
            programId,
            messageId: row.id,
            logTypeId: id(name),
            grade,
            createdAt: created,
          })),
        )
        .execute();
    }
    await db
      .insertInto("symptomReminders")
      .values({
        programId,
        logTypeIds: [id("Fatigue"), id("Nausea")],
        offsetAmount: 0,
        offsetPeriod: "days",
        durationAmount: 12,
        durationPeriod: "weeks",
        intervalAmount: 1,
        intervalPeriod: "days",
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
  if (programs.length === 0) return { alerts: 0 };

  // One alert per patient and danger symptom of the last three days, for three patients per program.
  const since = new Date(now.getTime() - 3 * 86_400_000);
  const raised = await sql<{ id: string; n: number }>`
    WITH recent AS (
      -- The latest danger log of each symptom: what raised the alert.
      SELECT DISTINCT ON (l.program_id, l.patient_id, l.log_type_id)
        l.program_id, l.patient_id, l.log_type_id, l.grade, l.logged_at AS last_at
      FROM patient_logs l JOIN programs p ON p.id = l.program_id AND p.ended_at IS NULL
      WHERE l.log_class = 'SYMPTOMS' AND l.is_danger AND l.logged_at >= ${since}
      ORDER BY l.program_id, l.patient_id, l.log_type_id, l.logged_at DESC
    ), chosen AS (
      SELECT r.*, dense_rank() OVER (PARTITION BY r.program_id ORDER BY lower(pp.last_name), lower(pp.first_name)) AS who,
        row_number() OVER (ORDER BY pr.name, lower(pp.last_name), lower(pp.first_name), r.log_type_id) AS n
      FROM recent r JOIN program_patients pp ON pp.program_id = r.program_id AND pp.user_id = r.patient_id
      JOIN programs pr ON pr.id = r.program_id
    )
    INSERT INTO alerts (program_id, patient_id, kind, trigger_key, log_type_id, grade, severity, status,
      raised_at, last_log_at, log_count)
    SELECT program_id, patient_id, 'symptom', 'SYMPTOM:' || log_type_id, log_type_id, grade, grade,
      -- Raised in the last two hours: nobody on it yet.
      CASE WHEN last_at > ${now}::timestamptz - interval '2 hours' THEN 'open'
        ELSE (ARRAY['open', 'taken', 'closed'])[1 + (n - 1) % 3] END,
      LEAST(last_at + interval '1 minute', ${now}::timestamptz), last_at, 1
    FROM chosen WHERE who <= 3
    RETURNING id, 0 AS n`.execute(db);

  // Who was on it: a member of the program's team; how fast: minutes, as a busy unit manages.
  await sql`
    WITH staff AS (
      SELECT DISTINCT ON (ps.program_id) ps.program_id, ps.user_id FROM program_staff ps
      JOIN users u ON u.id = ps.user_id
      WHERE ps.invite_accepted AND 'view_project_users' = ANY(u.permissions)
      ORDER BY ps.program_id, ps.role = 'clinician_team_member' DESC, lower(u.last_name)
    ), numbered AS (
      SELECT a.id, row_number() OVER (PARTITION BY a.program_id ORDER BY a.raised_at, a.log_type_id) AS k FROM alerts a
      WHERE a.status <> 'open'
    )
    UPDATE alerts a SET owner_id = s.user_id,
      taken_at = a.raised_at + make_interval(mins => (4 + (nb.k * 7) % 23)::int),
      closed_at = CASE WHEN a.status = 'closed'
        THEN a.raised_at + make_interval(mins => (35 + (nb.k * 13) % 70)::int) END,
      closed_by = CASE WHEN a.status = 'closed' THEN s.user_id END,
      close_action = CASE WHEN a.status = 'closed'
        THEN (ARRAY[${sql.join(closeActions.map((c) => sql`${c}`))}])[1 + (nb.k % ${closeActions.length})] END,
      close_note = CASE WHEN a.status = 'closed' AND nb.k % 2 = 0
        THEN 'Spoke to the patient; symptoms managed at home, will review at next clinic.' END
    FROM numbered nb, staff s
    WHERE nb.id = a.id AND s.program_id = a.program_id`.execute(db);

  // The trigger logs of each alert.
  await sql`
    INSERT INTO alert_logs (alert_id, log_id, program_id)
    SELECT a.id, l.id, a.program_id FROM alerts a
    JOIN patient_logs l ON l.program_id = a.program_id AND l.patient_id = a.patient_id
      AND l.log_type_id = a.log_type_id AND l.is_danger AND l.logged_at = a.last_log_at
    ON CONFLICT DO NOTHING`.execute(db);

  // Reminders are sent by the sweep job; the first one runs at once.
  await startDemoJob(db, "symptom-reminders.sweep", "symptom-reminders.sweep:demo", now);
  return { alerts: raised.rows.length };
};
