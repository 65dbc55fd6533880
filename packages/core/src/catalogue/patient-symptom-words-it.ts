import type { SymptomWords } from "./symptom-words-shape.js";

/**
 * The symptom words in Italian, as a patient says them (in Ticino as in Italy). Our own words,
 * translated from the English ones: no PRO-CTCAE item wording, no CTCAE grade definitions. Search
 * terms are lower case; they include the spellings patients type without accents and the usual
 * slips ("diarea", "singiozzo"); the search ignores accents.
 */
export const italianSymptomWords: SymptomWords = {
  language: "it",
  symptoms: {
    // Stomaco e intestino
    "10028813": {
      name: "Nausea (voglia di vomitare)",
      searchTerms: ["nausea", "nausee", "nausia", "voglia di vomitare", "stomaco sottosopra", "stomaco in subbuglio"],
    },
    "10047700": {
      name: "Vomito",
      searchTerms: ["vomito", "vomitare", "vomitato", "rimettere", "rigettare", "conati"],
    },
    "10012727": {
      name: "Diarrea (feci liquide o molli)",
      searchTerms: ["diarrea", "diarea", "dissenteria", "feci liquide", "feci molli", "scariche", "feci", "cacca"],
    },
    "10010774": {
      name: "Stitichezza",
      searchTerms: ["stitichezza", "stitico", "stitica", "costipazione", "feci dure", "andare di corpo", "feci"],
    },
    "10028130": {
      name: "Bocca dolorante o afte",
      searchTerms: ["bocca", "afte", "afta", "ulcere", "piaghe in bocca", "gengive", "mucosite", "stomatite"],
    },
    "10000081": {
      name: "Mal di pancia",
      searchTerms: ["mal di pancia", "pancia", "mal di stomaco", "stomaco", "dolore addominale", "crampi", "coliche"],
    },
    "10013781": {
      name: "Bocca secca",
      searchTerms: ["bocca secca", "sete", "poca saliva", "niente saliva", "secchezza", "xerostomia"],
    },
    "10013950": {
      name: "Difficoltà a deglutire",
      searchTerms: ["deglutire", "inghiottire", "cibo che si blocca", "andare di traverso", "gola", "disfagia"],
    },
    "10017885": {
      name: "Bruciore di stomaco o acidità",
      searchTerms: ["bruciore di stomaco", "bruciore", "acidità", "acidita", "reflusso", "rigurgito acido", "pirosi"],
    },
    "10013946": {
      name: "Cattiva digestione",
      searchTerms: ["digestione", "cattiva digestione", "indigestione", "rutti", "ruttare", "dispepsia", "stomaco"],
    },
    "10016766": {
      name: "Gas intestinali (flatulenza)",
      searchTerms: ["gas", "aria", "aria nella pancia", "flatulenza", "peti", "scoregge", "meteorismo"],
    },
    "10005265": {
      name: "Pancia gonfia",
      searchTerms: ["gonfiore", "pancia gonfia", "gonfio", "gonfia", "addome gonfio", "pancia"],
    },
    "10016296": {
      name: "Perdita di feci o non arrivare in tempo al bagno",
      searchTerms: ["perdita di feci", "incontinenza", "incontinenza fecale", "incidente", "feci", "bagno"],
    },
    "10008417": {
      name: "Labbra secche, screpolate o doloranti",
      searchTerms: ["labbra", "labbra screpolate", "labbra secche", "screpolature", "cheilite"],
    },
    // Tutto il corpo
    "10016256": {
      name: "Stanchezza o mancanza di energia",
      searchTerms: [
        "stanco",
        "stanca",
        "stanchezza",
        "spossatezza",
        "esausto",
        "sfinito",
        "senza energia",
        "debole",
        "affaticamento",
        "fatica",
      ],
    },
    "10016558": {
      name: "Febbre o temperatura alta",
      searchTerms: ["febbre", "febre", "temperatura", "temperatura alta", "caldo", "febbricitante"],
    },
    "10008531": {
      name: "Brividi o tremori",
      searchTerms: ["brividi", "brivido", "tremori", "tremare", "freddo"],
    },
    "10033371": {
      name: "Dolore",
      searchTerms: ["dolore", "dolori", "male", "fa male", "dolorante", "doloroso"],
    },
    "10050068": {
      name: "Braccia o gambe gonfie",
      searchTerms: [
        "gonfiore",
        "gonfio",
        "gonfie",
        "caviglie gonfie",
        "piedi gonfi",
        "ritenzione",
        "edema",
        "gambe",
        "braccia",
      ],
    },
    "10002646": {
      name: "Perdita di appetito",
      searchTerms: ["appetito", "appettito", "niente fame", "non ho fame", "mangiare", "inappetenza", "anoressia"],
    },
    // Respiro, naso e voce
    "10013963": {
      name: "Fiato corto (mancanza di respiro)",
      searchTerms: [
        "fiato",
        "fiato corto",
        "affanno",
        "mancanza di respiro",
        "respiro",
        "respirare",
        "senza fiato",
        "dispnea",
      ],
    },
    "10011224": { name: "Tosse", searchTerms: ["tosse", "tossire", "tossisco", "tosse secca", "tosse grassa"] },
    "10020039": { name: "Singhiozzo", searchTerms: ["singhiozzo", "singhiozzi", "singiozzo"] },
    "10020201": {
      name: "Voce rauca",
      searchTerms: ["rauco", "rauca", "raucedine", "voce rauca", "senza voce", "abbassamento di voce", "voce"],
    },
    "10047681": {
      name: "Cambiamenti della voce",
      searchTerms: ["voce", "voce cambiata", "voce diversa", "parlare"],
    },
    "10015090": {
      name: "Sangue dal naso",
      searchTerms: [
        "sangue dal naso",
        "naso che sanguina",
        "perdere sangue dal naso",
        "emorragia nasale",
        "naso",
        "sangue",
        "sanguinamento",
        "epistassi",
      ],
    },
    "10047924": {
      name: "Respiro sibilante (fischio)",
      searchTerms: ["fischio", "sibilo", "respiro sibilante", "petto chiuso", "respiro", "respirare"],
    },
    // Pelle, capelli e unghie
    "10037868": {
      name: "Eruzione cutanea (macchie o puntini rossi)",
      searchTerms: ["eruzione", "sfogo", "macchie rosse", "puntini rossi", "bollicine", "arrossamento", "pelle"],
    },
    "10037847": {
      name: "Eruzione simile all'acne o brufoli",
      searchTerms: ["acne", "brufoli", "foruncoli", "pustole", "sfogo", "pelle"],
    },
    "10037087": {
      name: "Prurito",
      searchTerms: ["prurito", "purito", "prude", "grattarsi", "pelle"],
    },
    "10001760": {
      name: "Perdita di capelli",
      searchTerms: [
        "capelli",
        "perdita di capelli",
        "caduta dei capelli",
        "capelli che cadono",
        "capelli radi",
        "calvo",
        "calvizie",
        "alopecia",
      ],
    },
    "10013786": {
      name: "Pelle secca",
      searchTerms: ["pelle secca", "pelle che si squama", "pelle screpolata", "desquamazione", "pelle"],
    },
    "10054524": {
      name: "Mani o piedi doloranti, arrossati o che si spellano",
      searchTerms: [
        "mani",
        "piedi",
        "sindrome mano-piede",
        "mano-piede",
        "palmi",
        "piante dei piedi",
        "spellare",
        "mani rosse",
        "piedi doloranti",
      ],
    },
    "10046735": {
      name: "Orticaria (pomfi che prudono)",
      searchTerms: ["orticaria", "pomfi", "ponfi", "bolle", "pelle"],
    },
    "10034966": {
      name: "Pelle che si scotta facilmente al sole",
      searchTerms: [
        "sole",
        "scottatura",
        "scottature",
        "sensibile al sole",
        "sensibile alla luce",
        "fotosensibilità",
        "pelle",
      ],
    },
    "10040865": {
      name: "Macchie più scure sulla pelle",
      searchTerms: ["macchie", "macchie scure", "pelle scura", "colore della pelle", "pigmentazione"],
    },
    "10028691": {
      name: "Unghie che cambiano colore",
      searchTerms: ["unghie", "unghia", "colore delle unghie", "unghie scolorite", "unghie macchiate"],
    },
    "10049281": {
      name: "Unghie che si staccano o cadono",
      searchTerms: ["unghie", "unghia", "perdita delle unghie", "unghie che cadono", "unghia staccata"],
    },
    // Nervi, testa e umore
    "10034620": {
      name: "Intorpidimento o formicolio a mani o piedi",
      searchTerms: [
        "intorpidito",
        "intorpidimento",
        "formicolio",
        "formiche",
        "addormentato",
        "nervi",
        "neuropatia",
        "mani",
        "piedi",
      ],
    },
    "10019211": {
      name: "Mal di testa",
      searchTerms: ["mal di testa", "male alla testa", "testa", "emicrania", "cefalea"],
    },
    "10013911": {
      name: "Cambiamenti del gusto",
      searchTerms: ["gusto", "sapore", "sapore metallico", "il cibo ha un altro sapore", "disgeusia"],
    },
    "10013573": {
      name: "Capogiri",
      searchTerms: [
        "capogiro",
        "capogiri",
        "giramenti di testa",
        "vertigini",
        "stordito",
        "testa che gira",
        "instabile",
        "svenimento",
      ],
    },
    "10010250": {
      name: "Difficoltà a concentrarsi",
      searchTerms: ["concentrazione", "concentrarsi", "nebbia mentale", "attenzione", "distratto"],
    },
    "10027175": {
      name: "Problemi di memoria",
      searchTerms: ["memoria", "dimenticare", "dimentico", "smemorato", "smemorata", "nebbia mentale"],
    },
    "10022437": {
      name: "Difficoltà a dormire",
      searchTerms: ["sonno", "dormire", "insonnia", "non riesco a dormire", "sveglio di notte", "notti in bianco"],
    },
    "10002855": {
      name: "Ansia o preoccupazione",
      searchTerms: [
        "ansia",
        "ansioso",
        "ansiosa",
        "preoccupato",
        "preoccupata",
        "preoccupazione",
        "nervoso",
        "panico",
        "stress",
        "agitazione",
      ],
    },
    "10012378": {
      name: "Umore giù o depressione",
      searchTerms: [
        "giù",
        "giu",
        "umore",
        "triste",
        "tristezza",
        "depresso",
        "depressa",
        "depressione",
        "senza speranza",
      ],
    },
    // Muscoli e articolazioni
    "10003239": {
      name: "Dolori alle articolazioni",
      searchTerms: ["articolazioni", "articolazione", "dolori articolari", "ginocchia", "rigidità", "artralgia"],
    },
    "10028411": {
      name: "Dolori muscolari",
      searchTerms: ["muscoli", "muscolo", "dolori muscolari", "indolenzito", "mialgia"],
    },
    "10003988": {
      name: "Mal di schiena",
      searchTerms: ["schiena", "mal di schiena", "dolore alla schiena", "lombalgia"],
    },
    // Altro
    "10060800": {
      name: "Vampate di calore",
      searchTerms: ["vampate", "vampate di calore", "caldane", "sudorazione", "sudori notturni", "sudare", "calore"],
    },
    "10005886": {
      name: "Vista offuscata",
      searchTerms: ["vista", "offuscata", "annebbiata", "sfocata", "occhi", "vedere"],
    },
    "10047848": {
      name: "Occhi che lacrimano",
      searchTerms: ["lacrimazione", "lacrime", "occhi che lacrimano", "lacrimare", "occhi"],
    },
    "10043882": {
      name: "Fischi o ronzii nelle orecchie",
      searchTerms: ["orecchie", "orecchio", "fischi", "ronzio", "ronzii", "acufene", "acufeni"],
    },
    "10033557": {
      name: "Batticuore o cuore che corre",
      searchTerms: ["cuore", "batticuore", "battito", "cuore che batte forte", "palpitazioni", "tachicardia"],
    },
    "10046539": {
      name: "Bisogno di urinare spesso",
      searchTerms: ["urinare", "urina", "pipì", "pipi", "fare pipì spesso", "vescica", "bagno"],
    },
    "10046543": {
      name: "Perdite di urina",
      searchTerms: ["urina", "pipì", "pipi", "perdite", "incontinenza", "vescica", "incidente"],
    },
    "10046593": {
      name: "Bisogno urgente di urinare",
      searchTerms: ["urina", "pipì", "pipi", "urgenza", "scappa", "non riesco a trattenere", "vescica"],
    },
    "10062225": {
      name: "Dolore quando si urina",
      searchTerms: ["urina", "pipì", "pipi", "bruciore", "brucia", "dolore a urinare", "vescica", "cistite"],
    },
    "10046904": {
      name: "Secchezza vaginale",
      searchTerms: ["vagina", "secchezza vaginale", "secchezza", "rapporti dolorosi", "intimità"],
    },
    "10006504": {
      name: "Lividi che compaiono facilmente",
      searchTerms: ["lividi", "livido", "ematoma", "ematomi", "macchie blu"],
    },
    "10047895": {
      name: "Perdita di peso",
      searchTerms: ["peso", "perdita di peso", "calo di peso", "dimagrire", "dimagrito", "dimagrita"],
    },
  },
  grades: {
    general: [
      "Non ce l'ho",
      "C'è, ma riesco a fare le mie solite cose",
      "Mi impedisce di fare alcune delle mie solite cose",
      "Mi rende difficile prendermi cura di me (lavarmi, vestirmi, mangiare)",
      "È così forte che ho bisogno di aiuto subito",
    ],
    pain: [
      "Nessun dolore",
      "Un po' di dolore, ma riesco a fare le mie solite cose",
      "Il dolore mi impedisce di fare alcune delle mie solite cose",
      "Il dolore mi rende difficile prendermi cura di me (lavarmi, vestirmi, mangiare)",
      "Il dolore è così forte che ho bisogno di aiuto subito",
    ],
    eating: [
      "Non ce l'ho",
      "C'è, ma mangio e bevo come al solito",
      "Per questo mangio o bevo meno del solito",
      "Per questo riesco a malapena a mangiare o bere",
      "Non riesco per niente a mangiare o bere e ho bisogno di aiuto subito",
    ],
    bowel: [
      "Le mie feci sono come al solito",
      "Qualche scarica molle in più del solito",
      "Molte più scariche molli del solito, e mi disturbano la giornata",
      "Così tante che quasi non riesco a lasciare il bagno o a prendermi cura di me",
      "Così forte che mi sento molto debole o sul punto di svenire e ho bisogno di aiuto subito",
    ],
    breathing: [
      "Non ce l'ho",
      "Solo quando faccio un grande sforzo, come salire le scale in fretta",
      "Quando faccio cose normali, come camminare in piano",
      "Quando mi lavo o mi vesto",
      "Anche a riposo, e ho bisogno di aiuto subito",
    ],
    skin: [
      "Non ce l'ho",
      "Un po', e quasi non mi dà fastidio",
      "Mi dà fastidio, oppure copre una parte più grande della pelle",
      "Copre gran parte del corpo, oppure mi rende difficile prendermi cura di me",
      "Si sta allargando in fretta, con vesciche o pelle aperta, e ho bisogno di aiuto subito",
    ],
    hair: [
      "Nessuna perdita di capelli",
      "Capelli un po' più radi, gli altri forse non se ne accorgono",
      "Una perdita di capelli che gli altri vedono chiaramente",
    ],
  },
};
