import { defaultDangerGrade, isDangerGrade, symptomGradeLabels } from "../rules/logs.js";

/**
 * A symptom of the catalogue: a CTCAE v5.0 term, its MedDRA code as identifier. The wire's LogType
 * (api/logs.ts) is this shape; the catalogue defines its own so that it stands below api/.
 */
export interface CatalogueSymptom {
  logTypeId: string;
  name: string;
  identifier: string;
  ctcaeVersion: string;
  category: string;
  levels: { id: string; grade: number; label: string; isDanger: boolean }[];
}

/**
 * The symptom catalogue patients log from: CTCAE v5.0 terms as CTCAE spells them, with their
 * MedDRA code (`identifier`, also the stable `logTypeId`) and system organ class (`category`).
 * Only the public term names and codes are held here: the graded levels use the app's own five
 * labels, never CTCAE grade definitions nor PRO-CTCAE item wording (both licensed texts).
 */

export const ctcaeVersion = "5.0";

const soc = {
  cardiac: "Cardiac disorders",
  ear: "Ear and labyrinth disorders",
  eye: "Eye disorders",
  gastrointestinal: "Gastrointestinal disorders",
  general: "General disorders and administration site conditions",
  injury: "Injury, poisoning and procedural complications",
  investigations: "Investigations",
  metabolism: "Metabolism and nutrition disorders",
  musculoskeletal: "Musculoskeletal and connective tissue disorders",
  nervous: "Nervous system disorders",
  psychiatric: "Psychiatric disorders",
  renal: "Renal and urinary disorders",
  reproductive: "Reproductive system and breast disorders",
  respiratory: "Respiratory, thoracic and mediastinal disorders",
  skin: "Skin and subcutaneous tissue disorders",
  vascular: "Vascular disorders",
} as const;

/** [CTCAE term, MedDRA code, system organ class] */
const terms: readonly (readonly [string, string, string])[] = [
  ["Nausea", "10028813", soc.gastrointestinal],
  ["Vomiting", "10047700", soc.gastrointestinal],
  ["Diarrhea", "10012727", soc.gastrointestinal],
  ["Constipation", "10010774", soc.gastrointestinal],
  ["Mucositis oral", "10028130", soc.gastrointestinal],
  ["Abdominal pain", "10000081", soc.gastrointestinal],
  ["Dry mouth", "10013781", soc.gastrointestinal],
  ["Dysphagia", "10013950", soc.gastrointestinal],
  ["Gastroesophageal reflux disease", "10017885", soc.gastrointestinal],
  ["Dyspepsia", "10013946", soc.gastrointestinal],
  ["Flatulence", "10016766", soc.gastrointestinal],
  ["Bloating", "10005265", soc.gastrointestinal],
  ["Fecal incontinence", "10016296", soc.gastrointestinal],
  ["Cheilitis", "10008417", soc.gastrointestinal],
  ["Fatigue", "10016256", soc.general],
  ["Fever", "10016558", soc.general],
  ["Chills", "10008531", soc.general],
  ["Pain", "10033371", soc.general],
  ["Edema limbs", "10050068", soc.general],
  ["Anorexia", "10002646", soc.metabolism],
  ["Dyspnea", "10013963", soc.respiratory],
  ["Cough", "10011224", soc.respiratory],
  ["Hiccups", "10020039", soc.respiratory],
  ["Hoarseness", "10020201", soc.respiratory],
  ["Voice alteration", "10047681", soc.respiratory],
  ["Epistaxis", "10015090", soc.respiratory],
  ["Wheezing", "10047924", soc.respiratory],
  ["Rash maculo-papular", "10037868", soc.skin],
  ["Rash acneiform", "10037847", soc.skin],
  ["Pruritus", "10037087", soc.skin],
  ["Alopecia", "10001760", soc.skin],
  ["Dry skin", "10013786", soc.skin],
  ["Palmar-plantar erythrodysesthesia syndrome", "10054524", soc.skin],
  ["Urticaria", "10046735", soc.skin],
  ["Photosensitivity", "10034966", soc.skin],
  ["Skin hyperpigmentation", "10040865", soc.skin],
  ["Nail discoloration", "10028691", soc.skin],
  ["Nail loss", "10049281", soc.skin],
  ["Peripheral sensory neuropathy", "10034620", soc.nervous],
  ["Headache", "10019211", soc.nervous],
  ["Dysgeusia", "10013911", soc.nervous],
  ["Dizziness", "10013573", soc.nervous],
  ["Concentration impairment", "10010250", soc.nervous],
  ["Memory impairment", "10027175", soc.nervous],
  ["Insomnia", "10022437", soc.psychiatric],
  ["Anxiety", "10002855", soc.psychiatric],
  ["Depression", "10012378", soc.psychiatric],
  ["Arthralgia", "10003239", soc.musculoskeletal],
  ["Myalgia", "10028411", soc.musculoskeletal],
  ["Back pain", "10003988", soc.musculoskeletal],
  ["Hot flashes", "10060800", soc.vascular],
  ["Blurred vision", "10005886", soc.eye],
  ["Watering eyes", "10047848", soc.eye],
  ["Tinnitus", "10043882", soc.ear],
  ["Palpitations", "10033557", soc.cardiac],
  ["Urinary frequency", "10046539", soc.renal],
  ["Urinary incontinence", "10046543", soc.renal],
  ["Urinary urgency", "10046593", soc.renal],
  ["Urinary tract pain", "10062225", soc.renal],
  ["Vaginal dryness", "10046904", soc.reproductive],
  ["Bruising", "10006504", soc.injury],
  ["Weight loss", "10047895", soc.investigations],
];

const levelsOf = (code: string): CatalogueSymptom["levels"] =>
  symptomGradeLabels.map((label, grade) => ({
    id: `${code}-${grade}`,
    grade,
    label,
    isDanger: isDangerGrade(grade, defaultDangerGrade),
  }));

/** The catalogue, in a stable order (by system organ class as listed, then as the terms above). */
export const ctcaeCatalogue: readonly CatalogueSymptom[] = terms.map(([name, code, category]) => ({
  logTypeId: code,
  name,
  identifier: code,
  ctcaeVersion,
  category,
  levels: levelsOf(code),
}));

const byId = new Map(ctcaeCatalogue.map((t) => [t.logTypeId, t]));

/** The symptom of a logTypeId, or undefined when the catalogue does not hold it. */
export const findLogType = (logTypeId: string): CatalogueSymptom | undefined => byId.get(logTypeId);

/**
 * The symptom of a logTypeId as reports and dashboards show it: the catalogue's, or for a term the
 * catalogue no longer holds, one under its id with the app's five grades, and no CTCAE version nor
 * category, since neither is known of it (the current version would be a guess: the term may have
 * been logged under an earlier catalogue).
 */
export const logTypeOrUnlisted = (logTypeId: string): CatalogueSymptom =>
  findLogType(logTypeId) ?? {
    logTypeId,
    name: logTypeId,
    identifier: logTypeId,
    ctcaeVersion: "",
    category: "",
    levels: levelsOf(logTypeId),
  };
