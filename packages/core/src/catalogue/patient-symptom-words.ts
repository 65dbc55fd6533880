import type { PatientLanguage } from "../rules/patient-language.js";
import type { CatalogueSymptom } from "./ctcae.js";
import { type GradeGroup, gradesOfGroup, type PatientSymptomWords, type SymptomWords } from "./symptom-words-shape.js";

/**
 * What patients read and type for each symptom of the CTCAE catalogue (ctcae.ts): a plain name of
 * our own ("Shortness of breath" for Dyspnea), everyday search terms (lay synonyms, UK and US
 * spellings), and the grade choices in words of what the patient feels. Staff screens, exports and
 * FHIR keep the CTCAE term and MedDRA code; the stored value stays the CTCAE grade (0–4).
 *
 * Every word here is ours: no PRO-CTCAE item wording and no CTCAE grade definitions (both
 * licensed or not ours to reword), so the grade choices describe how much the symptom gets in the
 * way, never a count or measure taken from a grading scale.
 *
 * Translations: each language is a `SymptomWords` of its own, in a file of its own beside this one
 * (patient-symptom-words-de.ts…), keyed exactly as the English (every code of the catalogue, every
 * grade group); the tests hold each to the catalogue. English is in every bundle, the others are
 * loaded when a patient first reads them (`loadSymptomWords`).
 */

export {
  type GradeGroup,
  gradeGroups,
  gradesOfGroup,
  type PatientSymptomWords,
  type SymptomWords,
} from "./symptom-words-shape.js";

/** The grade group of each symptom (MedDRA code); a code not listed reads as "general". */
export const symptomGradeGroup: Record<string, GradeGroup> = {
  // pain
  "10000081": "pain",
  "10033371": "pain",
  "10019211": "pain",
  "10003239": "pain",
  "10028411": "pain",
  "10003988": "pain",
  "10062225": "pain",
  // eating and drinking
  "10028813": "eating",
  "10047700": "eating",
  "10002646": "eating",
  "10013950": "eating",
  "10028130": "eating",
  // bowel
  "10012727": "bowel",
  // breathing
  "10013963": "breathing",
  "10047924": "breathing",
  // skin
  "10037868": "skin",
  "10037847": "skin",
  "10037087": "skin",
  "10013786": "skin",
  "10054524": "skin",
  "10046735": "skin",
  "10034966": "skin",
  // hair
  "10001760": "hair",
};

const englishSymptoms: Record<string, PatientSymptomWords> = {
  // Stomach and bowels
  "10028813": {
    name: "Feeling sick (nausea)",
    searchTerms: ["nausea", "sick", "feel sick", "feeling sick", "queasy", "nauseous", "sickness", "upset stomach"],
  },
  "10047700": {
    name: "Being sick (vomiting)",
    searchTerms: ["vomiting", "vomit", "sick", "being sick", "throwing up", "throw up", "retching", "puking"],
  },
  "10012727": {
    name: "Loose or watery stools (diarrhoea)",
    searchTerms: ["diarrhoea", "diarrhea", "loose stools", "watery stools", "the runs", "runny poo", "poo", "stool"],
  },
  "10010774": {
    name: "Constipation",
    searchTerms: ["constipated", "hard stools", "cannot poo", "can't go", "straining", "blocked up", "poo", "stool"],
  },
  "10028130": {
    name: "Sore mouth or mouth ulcers",
    searchTerms: [
      "mouth sores",
      "mouth ulcers",
      "ulcers",
      "sore mouth",
      "mouth pain",
      "gums",
      "mucositis",
      "stomatitis",
    ],
  },
  "10000081": {
    name: "Stomach or belly pain",
    searchTerms: ["tummy ache", "stomach ache", "belly ache", "tummy", "belly", "abdominal pain", "abdomen", "cramps"],
  },
  "10013781": { name: "Dry mouth", searchTerms: ["dry mouth", "thirsty", "no saliva", "no spit", "xerostomia"] },
  "10013950": {
    name: "Trouble swallowing",
    searchTerms: ["swallow", "swallowing", "food gets stuck", "choking", "throat", "dysphagia"],
  },
  "10017885": {
    name: "Heartburn or acid coming up",
    searchTerms: ["heartburn", "reflux", "acid reflux", "acid", "burning chest", "gord", "gerd", "indigestion"],
  },
  "10013946": {
    name: "Indigestion",
    searchTerms: ["indigestion", "upset stomach", "stomach upset", "burping", "dyspepsia"],
  },
  "10016766": { name: "Wind or gas", searchTerms: ["wind", "gas", "gassy", "passing wind", "farting", "flatulence"] },
  "10005265": {
    name: "Bloated stomach",
    searchTerms: ["bloating", "bloated", "swollen belly", "swollen stomach", "swollen tummy", "full"],
  },
  "10016296": {
    name: "Leaking stool or not reaching the toilet in time",
    searchTerms: ["bowel accident", "soiling", "leaking", "bowel control", "faecal incontinence", "fecal incontinence"],
  },
  "10008417": {
    name: "Sore, dry or cracked lips",
    searchTerms: ["lips", "cracked lips", "chapped lips", "dry lips", "cheilitis"],
  },
  // The whole body
  "10016256": {
    name: "Tiredness or lack of energy",
    searchTerms: ["tired", "tiredness", "fatigue", "exhausted", "worn out", "no energy", "weak", "weary", "sleepy"],
  },
  "10016558": {
    name: "Fever or high temperature",
    searchTerms: ["fever", "temperature", "high temperature", "feverish", "hot", "pyrexia"],
  },
  "10008531": {
    name: "Chills or shivering",
    searchTerms: ["chills", "shivers", "shivering", "shaking", "cold", "rigors"],
  },
  "10033371": { name: "Pain", searchTerms: ["pain", "ache", "aching", "hurt", "hurts", "sore", "painful"] },
  "10050068": {
    name: "Swollen arms or legs",
    searchTerms: [
      "swelling",
      "swollen",
      "swollen ankles",
      "swollen feet",
      "puffy",
      "fluid",
      "oedema",
      "edema",
      "legs",
      "arms",
    ],
  },
  "10002646": {
    name: "Loss of appetite",
    searchTerms: ["appetite", "not hungry", "not eating", "off my food", "off food", "anorexia"],
  },
  // Breathing, nose and voice
  "10013963": {
    name: "Shortness of breath",
    searchTerms: [
      "breath",
      "breathless",
      "breathlessness",
      "short of breath",
      "out of breath",
      "breathing",
      "winded",
      "dyspnoea",
      "dyspnea",
    ],
  },
  "10011224": { name: "Cough", searchTerms: ["cough", "coughing", "chesty", "tickly throat"] },
  "10020039": { name: "Hiccups", searchTerms: ["hiccups", "hiccoughs", "hiccough"] },
  "10020201": {
    name: "Hoarse or croaky voice",
    searchTerms: ["hoarse", "hoarseness", "croaky", "raspy", "lost voice", "voice"],
  },
  "10047681": { name: "Changes in your voice", searchTerms: ["voice", "voice change", "sounds different", "speaking"] },
  "10015090": {
    name: "Nosebleed",
    searchTerms: ["nosebleed", "nose bleed", "nosebleeds", "bleeding nose", "nose", "bleeding", "epistaxis"],
  },
  "10047924": {
    name: "Wheezing",
    searchTerms: ["wheeze", "wheezing", "whistling breath", "tight chest", "breath", "breathing"],
  },
  // Skin, hair and nails
  "10037868": { name: "Skin rash (red spots or bumps)", searchTerms: ["rash", "spots", "red skin", "bumps", "skin"] },
  "10037847": {
    name: "Acne-like rash or spots",
    searchTerms: ["acne", "pimples", "spots", "rash", "breakout", "skin"],
  },
  "10037087": { name: "Itching", searchTerms: ["itch", "itchy", "itching", "scratching", "pruritus", "skin"] },
  "10001760": {
    name: "Hair loss",
    searchTerms: [
      "hair",
      "hair loss",
      "losing hair",
      "hair falling out",
      "thinning hair",
      "bald",
      "balding",
      "alopecia",
    ],
  },
  "10013786": { name: "Dry skin", searchTerms: ["dry skin", "flaky skin", "cracked skin", "skin"] },
  "10054524": {
    name: "Sore, red or peeling hands or feet",
    searchTerms: [
      "hands",
      "feet",
      "hand and foot",
      "hand-foot syndrome",
      "palms",
      "soles",
      "peeling",
      "red hands",
      "sore feet",
    ],
  },
  "10046735": {
    name: "Hives (raised, itchy welts)",
    searchTerms: ["hives", "welts", "nettle rash", "itchy bumps", "urticaria", "skin"],
  },
  "10034966": {
    name: "Skin burns easily in the sun",
    searchTerms: ["sun", "sunburn", "sun sensitive", "light sensitive", "photosensitivity", "skin"],
  },
  "10040865": {
    name: "Darker patches of skin",
    searchTerms: ["dark skin", "dark patches", "skin colour", "skin color", "pigmentation"],
  },
  "10028691": {
    name: "Changes in nail colour",
    searchTerms: ["nails", "nail colour", "nail color", "discoloured nails", "discolored nails"],
  },
  "10049281": {
    name: "Nails coming loose or falling off",
    searchTerms: ["nails", "losing nails", "nail loss", "nail falling off"],
  },
  // Nerves, head and mind
  "10034620": {
    name: "Numbness or tingling in hands or feet",
    searchTerms: ["numb", "numbness", "tingling", "pins and needles", "nerves", "neuropathy", "hands", "feet"],
  },
  "10019211": { name: "Headache", searchTerms: ["headache", "head", "head pain", "head hurts", "migraine"] },
  "10013911": {
    name: "Changes in taste",
    searchTerms: ["taste", "metallic taste", "food tastes different", "dysgeusia"],
  },
  "10013573": {
    name: "Dizziness",
    searchTerms: ["dizzy", "dizziness", "light-headed", "lightheaded", "faint", "spinning", "unsteady", "vertigo"],
  },
  "10010250": {
    name: "Trouble concentrating",
    searchTerms: ["concentrate", "concentration", "focus", "brain fog", "chemo brain", "attention"],
  },
  "10027175": {
    name: "Memory problems",
    searchTerms: ["memory", "forgetful", "forgetting", "brain fog", "chemo brain"],
  },
  "10022437": {
    name: "Trouble sleeping",
    searchTerms: ["sleep", "sleeping", "can't sleep", "cannot sleep", "awake at night", "sleepless", "insomnia"],
  },
  "10002855": {
    name: "Feeling anxious or worried",
    searchTerms: ["anxious", "anxiety", "worried", "worry", "nervous", "panic", "stress", "on edge"],
  },
  "10012378": {
    name: "Feeling low or depressed",
    searchTerms: ["low", "low mood", "down", "sad", "depressed", "depression", "hopeless", "unhappy"],
  },
  // Muscles and joints
  "10003239": {
    name: "Joint pain",
    searchTerms: ["joints", "joint pain", "aching joints", "stiff joints", "knees", "arthralgia"],
  },
  "10028411": {
    name: "Muscle pain or aches",
    searchTerms: ["muscles", "muscle pain", "aching muscles", "sore muscles", "myalgia"],
  },
  "10003988": { name: "Back pain", searchTerms: ["back", "back pain", "backache", "sore back"] },
  // Other
  "10060800": {
    name: "Hot flushes or flashes",
    searchTerms: ["hot flushes", "hot flashes", "flushing", "sweats", "night sweats", "sweating"],
  },
  "10005886": { name: "Blurred vision", searchTerms: ["blurry", "blurred", "eyes", "eyesight", "sight", "vision"] },
  "10047848": { name: "Watery eyes", searchTerms: ["watery eyes", "watering eyes", "tears", "teary", "eyes"] },
  "10043882": { name: "Ringing in the ears", searchTerms: ["ears", "ringing", "buzzing", "tinnitus"] },
  "10033557": {
    name: "Heart pounding or racing",
    searchTerms: ["heart", "heartbeat", "racing heart", "pounding heart", "fluttering", "palpitations"],
  },
  "10046539": {
    name: "Needing to pass urine often",
    searchTerms: [
      "pee",
      "wee",
      "urine",
      "peeing often",
      "going often",
      "bladder",
      "toilet",
      "bathroom",
      "urinary frequency",
    ],
  },
  "10046543": {
    name: "Leaking urine",
    searchTerms: ["pee", "wee", "urine", "leaking", "bladder control", "accidents", "incontinence"],
  },
  "10046593": {
    name: "Sudden need to pass urine",
    searchTerms: ["pee", "wee", "urine", "urge", "urgent", "can't hold it", "bladder", "urgency"],
  },
  "10062225": {
    name: "Pain when passing urine",
    searchTerms: ["pee", "wee", "urine", "burning", "stinging", "painful peeing", "bladder"],
  },
  "10046904": {
    name: "Vaginal dryness",
    searchTerms: ["vagina", "vaginal dryness", "dry vagina", "painful sex", "intimacy"],
  },
  "10006504": { name: "Bruising easily", searchTerms: ["bruise", "bruises", "bruising", "blue marks", "marks"] },
  "10047895": { name: "Losing weight", searchTerms: ["weight", "weight loss", "losing weight", "thinner"] },
};

/**
 * The grade choices, our words of how much the symptom gets in the way. Read with the plain name
 * as the question ("Shortness of breath: how much does it affect you?").
 */
const englishGrades: Record<GradeGroup, readonly string[]> = {
  general: [
    "I don't have it",
    "It's there, but I can do my usual things",
    "It stops me doing some of my usual things",
    "It makes looking after myself hard (washing, dressing, eating)",
    "It is so bad I need help right away",
  ],
  pain: [
    "No pain",
    "Some pain, but I can do my usual things",
    "The pain stops me doing some of my usual things",
    "The pain makes looking after myself hard (washing, dressing, eating)",
    "The pain is so bad I need help right away",
  ],
  eating: [
    "I don't have it",
    "It's there, but I eat and drink as usual",
    "Because of it I eat or drink less than usual",
    "Because of it I can hardly eat or drink",
    "I cannot eat or drink at all and need help right away",
  ],
  bowel: [
    "My stools are as usual",
    "A few more loose stools than usual",
    "Many more loose stools than usual, and they get in the way of my day",
    "So many that I can hardly leave the toilet or look after myself",
    "So bad that I feel very weak or faint and need help right away",
  ],
  breathing: [
    "I don't have it",
    "Only when I make a big effort, like climbing stairs quickly",
    "When I do ordinary things, like walking on the flat",
    "When I wash or dress myself",
    "Even when I rest, and I need help right away",
  ],
  skin: [
    "I don't have it",
    "A little, and it hardly bothers me",
    "It bothers me, or it covers a larger part of my skin",
    "It covers much of my body, or makes looking after myself hard",
    "It is spreading fast, with blisters or broken skin, and I need help right away",
  ],
  hair: ["No hair loss", "Some thinning that others may not notice", "Hair loss that others can clearly see"],
};

export const englishSymptomWords: SymptomWords = { language: "en", symptoms: englishSymptoms, grades: englishGrades };

/**
 * Each language's words, loaded when first needed: English is in every bundle, the others are
 * chunks of their own (a patient fetches one language, never five).
 */
export const symptomWordsLoaders: Record<PatientLanguage, () => Promise<SymptomWords>> = {
  en: async () => englishSymptomWords,
  de: async () => (await import("./patient-symptom-words-de.js")).germanSymptomWords,
  fr: async () => (await import("./patient-symptom-words-fr.js")).frenchSymptomWords,
  it: async () => (await import("./patient-symptom-words-it.js")).italianSymptomWords,
  es: async () => (await import("./patient-symptom-words-es.js")).spanishSymptomWords,
};

const loadedWords = new Map<string, SymptomWords>([["en", englishSymptomWords]]);

/** The words of `language`, fetched once; from then on `symptomWordsIn` gives them at once. */
export const loadSymptomWords = async (language: PatientLanguage): Promise<SymptomWords> => {
  const known = loadedWords.get(language);
  if (known) return known;
  const words = await symptomWordsLoaders[language]();
  loadedWords.set(language, words);
  return words;
};

/** The symptom words a patient reading `language` sees: English until its own are loaded. */
export const symptomWordsIn = (language: string): SymptomWords => loadedWords.get(language) ?? englishSymptomWords;

/** The plain name of a symptom, or the catalogue's own name when the words lack it (a new code). */
export const patientSymptomName = (
  symptom: Pick<CatalogueSymptom, "logTypeId" | "name">,
  words: SymptomWords = englishSymptomWords,
) => words.symptoms[symptom.logTypeId]?.name ?? symptom.name;

/** The grade choices of a symptom: each stored grade with its words, lowest first. */
export const patientGradeChoices = (
  logTypeId: string,
  words: SymptomWords = englishSymptomWords,
): { grade: number; label: string }[] => {
  const group = symptomGradeGroup[logTypeId] ?? "general";
  return gradesOfGroup[group].map((grade) => ({ grade, label: words.grades[group][grade] ?? "" }));
};

/**
 * What is typed and what is searched, folded alike so that a patient finds a word however they
 * spell it: lower case (by the language's rules), without accents ("Diarrhée" and "diarrhee",
 * "caída" and "caida"), ligatures and "ß" spelt out ("cœur" as "coeur", "Fuß" as "fuss"), one
 * space between words. In German an umlaut may be typed as its two letters ("uebelkeit" finds
 * "Übelkeit"): "ae", "oe" and "ue" fold to the bare vowel, on both sides.
 */
export const foldSearchText = (text: string, language: string = "en") => {
  let folded = text
    .toLocaleLowerCase(language)
    .replace(/ß/g, "ss")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
  if (language === "de") folded = folded.replace(/([aou])e/g, "$1");
  return folded.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
};

/**
 * A typed word matches a word that starts with it, or with it less a plural "s" ("nosebleeds").
 * German joins words into one ("Kopfschmerzen", "Haarausfall"): there, a typed word of four
 * letters or more also matches inside a word ("schmerzen" finds "Bauchschmerzen").
 */
const wordMatches = (typed: string, haystackWords: readonly string[], language: string) => {
  const stems = typed.length > 3 && typed.endsWith("s") ? [typed, typed.slice(0, -1)] : [typed];
  const inside = language === "de" && typed.length >= 4;
  return haystackWords.some((word) => stems.some((stem) => (inside ? word.includes(stem) : word.startsWith(stem))));
};

/**
 * The symptoms a patient's words find: every typed word must start a word of the plain name, a
 * search term or the CTCAE term ("breath" finds Shortness of breath and Wheezing, "diarrhoea" and
 * "diarrhea" the same symptom), folded by the words' language (accents ignored, see
 * `foldSearchText`). In another language than English the English words are searched too, after
 * the patient's own: a patient in Switzerland may know the English word, and the CTCAE term is
 * English. An empty search finds everything. The order is the caller's.
 */
export const searchPatientSymptoms = <T extends Pick<CatalogueSymptom, "logTypeId" | "name">>(
  symptoms: readonly T[],
  typed: string,
  words: SymptomWords = englishSymptomWords,
): T[] => {
  const { language } = words;
  const query = foldSearchText(typed, language).split(" ").filter(Boolean);
  if (query.length === 0) return [...symptoms];
  const wordsOf = (own: PatientSymptomWords | undefined) => [own?.name ?? "", ...(own?.searchTerms ?? [])];
  return symptoms.filter((symptom) => {
    const texts = [...wordsOf(words.symptoms[symptom.logTypeId]), symptom.name];
    if (words !== englishSymptomWords) texts.push(...wordsOf(englishSymptomWords.symptoms[symptom.logTypeId]));
    const haystack = foldSearchText(texts.join(" "), language).split(" ");
    return query.every((word) => wordMatches(word, haystack, language));
  });
};

/**
 * The app's symptom list: the program's prioritised symptoms first, in the care team's order,
 * then the rest by plain name in the patient's language.
 */
export const orderPatientSymptoms = <T extends Pick<CatalogueSymptom, "logTypeId" | "name">>(
  symptoms: readonly T[],
  prioritised: readonly string[],
  words: SymptomWords = englishSymptomWords,
  locale = "en",
): T[] => {
  const rank = new Map(prioritised.map((id, index) => [id, index]));
  const collator = new Intl.Collator(locale, { sensitivity: "base" });
  return [...symptoms].sort((a, b) => {
    const ra = rank.get(a.logTypeId);
    const rb = rank.get(b.logTypeId);
    if (ra !== undefined || rb !== undefined) return (ra ?? Number.MAX_SAFE_INTEGER) - (rb ?? Number.MAX_SAFE_INTEGER);
    return collator.compare(patientSymptomName(a, words), patientSymptomName(b, words));
  });
};
