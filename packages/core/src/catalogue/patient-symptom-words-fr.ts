import type { SymptomWords } from "./symptom-words-shape.js";

/**
 * The symptom words in French, as a patient says them (in Switzerland as in France). Our own words,
 * translated from the English ones: no PRO-CTCAE item wording, no CTCAE grade definitions. Search
 * terms are lower case; they include the spellings patients type without accents and the usual
 * slips ("diarée", "essouflement"); the search ignores accents and folds "œ" to "oe".
 */
export const frenchSymptomWords: SymptomWords = {
  language: "fr",
  symptoms: {
    // Estomac et intestins
    "10028813": {
      name: "Nausées (envie de vomir)",
      searchTerms: [
        "nausée",
        "nausées",
        "nausee",
        "envie de vomir",
        "mal au cœur",
        "mal au coeur",
        "écœuré",
        "barbouillé",
      ],
    },
    "10047700": {
      name: "Vomissements",
      searchTerms: ["vomir", "vomissement", "vomissements", "vomi", "rendre", "haut-le-cœur", "vomissemant"],
    },
    "10012727": {
      name: "Diarrhée (selles liquides ou molles)",
      searchTerms: [
        "diarrhée",
        "diarrhee",
        "diarée",
        "diarrée",
        "selles liquides",
        "selles molles",
        "courante",
        "selles",
      ],
    },
    "10010774": {
      name: "Constipation",
      searchTerms: [
        "constipation",
        "constipé",
        "constipée",
        "selles dures",
        "pas de selles",
        "pousser",
        "bloqué",
        "selles",
      ],
    },
    "10028130": {
      name: "Bouche douloureuse ou aphtes",
      searchTerms: [
        "bouche",
        "aphtes",
        "aphte",
        "aftes",
        "ulcères",
        "bouche douloureuse",
        "gencives",
        "mucite",
        "stomatite",
      ],
    },
    "10000081": {
      name: "Mal au ventre",
      searchTerms: [
        "mal au ventre",
        "ventre",
        "douleur abdominale",
        "maux d'estomac",
        "estomac",
        "crampes",
        "coliques",
      ],
    },
    "10013781": {
      name: "Bouche sèche",
      searchTerms: ["bouche sèche", "bouche seche", "soif", "pas de salive", "sécheresse", "xérostomie"],
    },
    "10013950": {
      name: "Difficulté à avaler",
      searchTerms: ["avaler", "déglutir", "déglutition", "nourriture coincée", "fausse route", "gorge", "dysphagie"],
    },
    "10017885": {
      name: "Brûlures d'estomac ou remontées acides",
      searchTerms: [
        "brûlures d'estomac",
        "brulures",
        "brûlure",
        "reflux",
        "remontées acides",
        "acide",
        "aigreurs",
        "pyrosis",
      ],
    },
    "10013946": {
      name: "Indigestion",
      searchTerms: ["indigestion", "digestion", "mauvaise digestion", "estomac lourd", "rots", "roter", "dyspepsie"],
    },
    "10016766": {
      name: "Gaz (flatulences)",
      searchTerms: ["gaz", "flatulences", "flatulence", "vents", "péter", "pets", "prout"],
    },
    "10005265": {
      name: "Ventre gonflé (ballonnements)",
      searchTerms: ["ballonnement", "ballonnements", "balonnement", "ballonné", "ventre gonflé", "gonflé", "ventre"],
    },
    "10016296": {
      name: "Fuites de selles ou ne pas arriver à temps aux toilettes",
      searchTerms: [
        "fuites",
        "fuite de selles",
        "incontinence",
        "incontinence fécale",
        "accident",
        "selles",
        "toilettes",
      ],
    },
    "10008417": {
      name: "Lèvres sèches, gercées ou douloureuses",
      searchTerms: ["lèvres", "levres", "lèvres gercées", "gerçures", "lèvres sèches", "chéilite"],
    },
    // Le corps entier
    "10016256": {
      name: "Fatigue ou manque d'énergie",
      searchTerms: [
        "fatigue",
        "fatigué",
        "fatiguée",
        "épuisé",
        "épuisée",
        "crevé",
        "pas d'énergie",
        "faible",
        "sans force",
      ],
    },
    "10016558": {
      name: "Fièvre ou température élevée",
      searchTerms: ["fièvre", "fievre", "température", "chaud", "fébrile", "fiévreux"],
    },
    "10008531": {
      name: "Frissons ou tremblements",
      searchTerms: ["frissons", "frisson", "frisons", "tremblements", "trembler", "froid", "grelotter"],
    },
    "10033371": {
      name: "Douleur",
      searchTerms: ["douleur", "douleurs", "doleur", "mal", "avoir mal", "fait mal", "douloureux"],
    },
    "10050068": {
      name: "Bras ou jambes gonflés",
      searchTerms: [
        "gonflement",
        "gonflé",
        "enflé",
        "enflure",
        "chevilles gonflées",
        "pieds gonflés",
        "œdème",
        "oedème",
        "jambes",
        "bras",
      ],
    },
    "10002646": {
      name: "Perte d'appétit",
      searchTerms: ["appétit", "apétit", "pas faim", "perte d'appétit", "manger", "anorexie"],
    },
    // Respiration, nez et voix
    "10013963": {
      name: "Essoufflement (souffle court)",
      searchTerms: [
        "essoufflement",
        "essouflement",
        "essoufflé",
        "souffle",
        "souffle court",
        "à bout de souffle",
        "respirer",
        "respiration",
        "manque d'air",
        "dyspnée",
      ],
    },
    "10011224": { name: "Toux", searchTerms: ["toux", "tousser", "tousse", "toux grasse", "toux sèche"] },
    "10020039": { name: "Hoquet", searchTerms: ["hoquet", "hocquet", "oquet"] },
    "10020201": {
      name: "Voix enrouée",
      searchTerms: ["enroué", "enrouée", "enrouement", "voix rauque", "voix cassée", "aphone", "voix"],
    },
    "10047681": {
      name: "Changement de la voix",
      searchTerms: ["voix", "changement de voix", "voix différente", "parler"],
    },
    "10015090": {
      name: "Saignement de nez",
      searchTerms: [
        "saignement de nez",
        "saignements de nez",
        "saignement du nez",
        "nez qui saigne",
        "saigne du nez",
        "nez",
        "saignement",
        "épistaxis",
      ],
    },
    "10047924": {
      name: "Respiration sifflante",
      searchTerms: [
        "sifflement",
        "respiration sifflante",
        "siffler",
        "poitrine serrée",
        "souffle",
        "respirer",
        "respiration",
      ],
    },
    // Peau, cheveux et ongles
    "10037868": {
      name: "Éruption cutanée (plaques ou boutons rouges)",
      searchTerms: ["éruption", "eruption", "rougeurs", "plaques rouges", "boutons", "érythème", "peau"],
    },
    "10037847": {
      name: "Éruption de type acné ou boutons",
      searchTerms: ["acné", "boutons", "pustules", "éruption", "peau"],
    },
    "10037087": {
      name: "Démangeaisons",
      searchTerms: ["démangeaisons", "démangeaison", "demangeaison", "ça gratte", "gratter", "prurit", "peau"],
    },
    "10001760": {
      name: "Perte de cheveux",
      searchTerms: [
        "cheveux",
        "cheveu",
        "perte de cheveux",
        "chute de cheveux",
        "cheveux qui tombent",
        "calvitie",
        "chauve",
        "alopécie",
      ],
    },
    "10013786": {
      name: "Peau sèche",
      searchTerms: ["peau sèche", "peau seche", "peau qui pèle", "peau craquelée", "desquamation", "peau"],
    },
    "10054524": {
      name: "Mains ou pieds douloureux, rouges ou qui pèlent",
      searchTerms: [
        "mains",
        "pieds",
        "syndrome main-pied",
        "main-pied",
        "paumes",
        "plantes des pieds",
        "pèle",
        "mains rouges",
        "pieds douloureux",
      ],
    },
    "10046735": {
      name: "Urticaire (plaques qui démangent)",
      searchTerms: ["urticaire", "plaques", "boutons qui grattent", "papules", "peau"],
    },
    "10034966": {
      name: "Peau qui brûle vite au soleil",
      searchTerms: [
        "soleil",
        "coup de soleil",
        "sensible au soleil",
        "sensible à la lumière",
        "photosensibilité",
        "peau",
      ],
    },
    "10040865": {
      name: "Taches plus foncées sur la peau",
      searchTerms: ["taches", "taches foncées", "taches brunes", "peau foncée", "couleur de la peau", "pigmentation"],
    },
    "10028691": {
      name: "Changement de couleur des ongles",
      searchTerms: ["ongles", "ongle", "couleur des ongles", "ongles décolorés", "ongles tachés"],
    },
    "10049281": {
      name: "Ongles qui se décollent ou tombent",
      searchTerms: ["ongles", "ongle", "perte des ongles", "ongles qui tombent", "ongle décollé"],
    },
    // Nerfs, tête et moral
    "10034620": {
      name: "Engourdissements ou fourmillements dans les mains ou les pieds",
      searchTerms: [
        "engourdi",
        "engourdissement",
        "fourmillements",
        "fourmis",
        "picotements",
        "nerfs",
        "neuropathie",
        "mains",
        "pieds",
      ],
    },
    "10019211": {
      name: "Maux de tête",
      searchTerms: ["mal de tête", "maux de tête", "mal a la tete", "tête", "migraine", "céphalée"],
    },
    "10013911": {
      name: "Changement du goût",
      searchTerms: ["goût", "gout", "goût métallique", "les aliments ont un autre goût", "dysgueusie"],
    },
    "10013573": {
      name: "Vertiges",
      searchTerms: ["vertige", "vertiges", "étourdi", "étourdissement", "tête qui tourne", "malaise", "instable"],
    },
    "10010250": {
      name: "Difficulté à se concentrer",
      searchTerms: ["concentration", "concentrer", "brouillard cérébral", "tête dans le brouillard", "attention"],
    },
    "10027175": {
      name: "Troubles de la mémoire",
      searchTerms: ["mémoire", "memoire", "oublis", "oublier", "tête en l'air", "brouillard cérébral"],
    },
    "10022437": {
      name: "Troubles du sommeil",
      searchTerms: ["sommeil", "dormir", "insomnie", "pas dormir", "réveillé la nuit", "nuits blanches"],
    },
    "10002855": {
      name: "Anxiété ou inquiétude",
      searchTerms: [
        "anxieux",
        "anxieuse",
        "anxiété",
        "inquiet",
        "inquiète",
        "inquiétude",
        "stress",
        "angoisse",
        "nerveux",
        "panique",
      ],
    },
    "10012378": {
      name: "Déprime ou tristesse",
      searchTerms: [
        "déprime",
        "déprimé",
        "déprimée",
        "triste",
        "tristesse",
        "dépression",
        "moral",
        "cafard",
        "sans espoir",
      ],
    },
    // Muscles et articulations
    "10003239": {
      name: "Douleurs articulaires",
      searchTerms: ["articulations", "articulation", "douleurs articulaires", "genoux", "raideur", "arthralgie"],
    },
    "10028411": {
      name: "Douleurs musculaires",
      searchTerms: ["muscles", "muscle", "douleurs musculaires", "courbatures", "myalgie"],
    },
    "10003988": { name: "Mal de dos", searchTerms: ["dos", "mal de dos", "mal au dos", "douleur au dos", "lombalgie"] },
    // Autres
    "10060800": {
      name: "Bouffées de chaleur",
      searchTerms: [
        "bouffées de chaleur",
        "bouffées",
        "chaleur",
        "transpiration",
        "transpirer",
        "sueurs",
        "sueurs nocturnes",
      ],
    },
    "10005886": { name: "Vision floue", searchTerms: ["flou", "floue", "vue", "vision", "yeux", "voir trouble"] },
    "10047848": {
      name: "Yeux qui larmoient",
      searchTerms: ["larmoiement", "larmes", "yeux qui coulent", "yeux qui pleurent", "yeux"],
    },
    "10043882": {
      name: "Bourdonnements ou sifflements d'oreille",
      searchTerms: ["oreilles", "oreille", "bourdonnements", "sifflements", "acouphènes", "acouphene", "tinnitus"],
    },
    "10033557": {
      name: "Cœur qui bat fort ou vite",
      searchTerms: ["cœur", "coeur", "battements", "palpitations", "cœur qui s'emballe", "pouls"],
    },
    "10046539": {
      name: "Besoin fréquent d'uriner",
      searchTerms: ["uriner", "urine", "pipi", "faire pipi souvent", "vessie", "toilettes", "envie fréquente"],
    },
    "10046543": {
      name: "Fuites d'urine",
      searchTerms: ["urine", "uriner", "pipi", "fuites", "incontinence", "vessie", "accident"],
    },
    "10046593": {
      name: "Besoin urgent d'uriner",
      searchTerms: ["urine", "uriner", "pipi", "envie pressante", "urgent", "urgence", "pas pu retenir", "vessie"],
    },
    "10062225": {
      name: "Douleur en urinant",
      searchTerms: [
        "urine",
        "uriner",
        "pipi",
        "brûlure",
        "brûlures",
        "ça pique",
        "douleur en urinant",
        "vessie",
        "cystite",
      ],
    },
    "10046904": {
      name: "Sécheresse vaginale",
      searchTerms: ["vagin", "sécheresse vaginale", "secheresse", "rapports douloureux", "intimité"],
    },
    "10006504": {
      name: "Bleus qui apparaissent facilement",
      searchTerms: ["bleus", "bleu", "hématome", "hématomes", "ecchymoses", "marques"],
    },
    "10047895": {
      name: "Perte de poids",
      searchTerms: ["poids", "perte de poids", "maigrir", "amaigri", "perdre du poids"],
    },
  },
  grades: {
    general: [
      "Je ne l'ai pas",
      "C'est là, mais je fais mes activités habituelles",
      "Cela m'empêche de faire certaines de mes activités habituelles",
      "Cela me rend difficile de prendre soin de moi (me laver, m'habiller, manger)",
      "C'est si grave que j'ai besoin d'aide tout de suite",
    ],
    pain: [
      "Pas de douleur",
      "Un peu mal, mais je fais mes activités habituelles",
      "La douleur m'empêche de faire certaines de mes activités habituelles",
      "La douleur me rend difficile de prendre soin de moi (me laver, m'habiller, manger)",
      "La douleur est si forte que j'ai besoin d'aide tout de suite",
    ],
    eating: [
      "Je ne l'ai pas",
      "C'est là, mais je mange et je bois comme d'habitude",
      "À cause de cela, je mange ou je bois moins que d'habitude",
      "À cause de cela, j'arrive à peine à manger ou à boire",
      "Je ne peux plus du tout manger ni boire et j'ai besoin d'aide tout de suite",
    ],
    bowel: [
      "Mes selles sont comme d'habitude",
      "Quelques selles molles de plus que d'habitude",
      "Beaucoup plus de selles molles que d'habitude, et cela gêne ma journée",
      "Tellement que je quitte à peine les toilettes ou que j'ai du mal à prendre soin de moi",
      "Si grave que je me sens très faible ou près de m'évanouir et j'ai besoin d'aide tout de suite",
    ],
    breathing: [
      "Je ne l'ai pas",
      "Seulement lors d'un gros effort, comme monter vite les escaliers",
      "En faisant des choses ordinaires, comme marcher sur du plat",
      "En me lavant ou en m'habillant",
      "Même au repos, et j'ai besoin d'aide tout de suite",
    ],
    skin: [
      "Je ne l'ai pas",
      "Un peu, et cela ne me gêne presque pas",
      "Cela me gêne, ou cela couvre une plus grande partie de ma peau",
      "Cela couvre une grande partie de mon corps, ou me rend difficile de prendre soin de moi",
      "Cela s'étend vite, avec des cloques ou la peau à vif, et j'ai besoin d'aide tout de suite",
    ],
    hair: [
      "Pas de perte de cheveux",
      "Cheveux un peu plus fins, les autres ne le remarquent peut-être pas",
      "Une perte de cheveux que les autres voient clairement",
    ],
  },
};
