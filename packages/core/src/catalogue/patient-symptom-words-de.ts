import type { SymptomWords } from "./symptom-words-shape.js";

/**
 * The symptom words in German, as a patient in Switzerland says them: Swiss spelling ("ss", never
 * "ß"; the search folds "ß" to "ss" and "ü" to "ue" or "u", so either is found). Our own words,
 * translated from the English ones: no PRO-CTCAE item wording, no CTCAE grade definitions.
 * Search terms are lower case; they include the spellings patients type without umlauts and the
 * usual slips.
 */
export const germanSymptomWords: SymptomWords = {
  language: "de",
  symptoms: {
    // Magen und Darm
    "10028813": {
      name: "Übelkeit (mir ist schlecht)",
      searchTerms: [
        "übelkeit",
        "ubelkeit",
        "übelkeid",
        "übel",
        "mir ist übel",
        "mir ist schlecht",
        "schlecht",
        "brechreiz",
        "flau",
      ],
    },
    "10047700": {
      name: "Erbrechen",
      searchTerms: ["erbrechen", "erbrochen", "brechen", "sich übergeben", "übergeben", "kotzen", "würgen", "schlecht"],
    },
    "10012727": {
      name: "Durchfall (flüssiger oder weicher Stuhl)",
      searchTerms: [
        "durchfall",
        "durchfal",
        "dünnpfiff",
        "flüssiger stuhl",
        "weicher stuhl",
        "wässriger stuhl",
        "diarrhö",
        "diarrhoe",
        "stuhl",
        "stuhlgang",
      ],
    },
    "10010774": {
      name: "Verstopfung",
      searchTerms: [
        "verstopfung",
        "verstopft",
        "harter stuhl",
        "kein stuhlgang",
        "kann nicht aufs wc",
        "pressen",
        "stuhl",
        "obstipation",
      ],
    },
    "10028130": {
      name: "Wunde Stellen oder Geschwüre im Mund",
      searchTerms: [
        "mund",
        "wunder mund",
        "mundgeschwüre",
        "geschwüre",
        "aphthen",
        "aften",
        "zahnfleisch",
        "mundschmerzen",
        "mukositis",
      ],
    },
    "10000081": {
      name: "Bauchschmerzen",
      searchTerms: [
        "bauchschmerzen",
        "bauchweh",
        "bauch",
        "magenschmerzen",
        "magen",
        "bauchkrämpfe",
        "krämpfe",
        "bauchschmertzen",
      ],
    },
    "10013781": {
      name: "Trockener Mund",
      searchTerms: [
        "trockener mund",
        "mundtrockenheit",
        "durst",
        "kein speichel",
        "wenig speichel",
        "trocken",
        "xerostomie",
      ],
    },
    "10013950": {
      name: "Schluckbeschwerden",
      searchTerms: ["schlucken", "schluckbeschwerden", "essen bleibt stecken", "verschlucken", "hals", "dysphagie"],
    },
    "10017885": {
      name: "Sodbrennen oder saures Aufstossen",
      searchTerms: [
        "sodbrennen",
        "sodbrenen",
        "saures aufstossen",
        "aufstossen",
        "reflux",
        "säure",
        "magensäure",
        "brennen in der brust",
      ],
    },
    "10013946": {
      name: "Verdauungsbeschwerden",
      searchTerms: [
        "verdauung",
        "verdauungsbeschwerden",
        "magenverstimmung",
        "völlegefühl",
        "rülpsen",
        "dyspepsie",
        "magen",
      ],
    },
    "10016766": {
      name: "Blähungen (Winde)",
      searchTerms: ["blähungen", "blähung", "blahungen", "winde", "furzen", "pupsen", "gase", "flatulenz"],
    },
    "10005265": {
      name: "Aufgeblähter Bauch",
      searchTerms: [
        "blähbauch",
        "aufgebläht",
        "gebläht",
        "geschwollener bauch",
        "dicker bauch",
        "völlegefühl",
        "bauch",
      ],
    },
    "10016296": {
      name: "Stuhl nicht halten können",
      searchTerms: [
        "stuhlinkontinenz",
        "stuhl verlieren",
        "nicht rechtzeitig aufs wc",
        "missgeschick",
        "inkontinenz",
        "stuhl",
      ],
    },
    "10008417": {
      name: "Wunde, trockene oder rissige Lippen",
      searchTerms: [
        "lippen",
        "rissige lippen",
        "spröde lippen",
        "trockene lippen",
        "aufgesprungene lippen",
        "cheilitis",
      ],
    },
    // Der ganze Körper
    "10016256": {
      name: "Müdigkeit oder Erschöpfung",
      searchTerms: [
        "müde",
        "mude",
        "müdigkeit",
        "erschöpft",
        "erschöpfung",
        "kraftlos",
        "keine energie",
        "schlapp",
        "schwach",
        "fatigue",
      ],
    },
    "10016558": {
      name: "Fieber oder erhöhte Temperatur",
      searchTerms: ["fieber", "fiber", "temperatur", "erhöhte temperatur", "heiss", "fiebrig"],
    },
    "10008531": {
      name: "Schüttelfrost oder Frösteln",
      searchTerms: ["schüttelfrost", "schuttelfrost", "frösteln", "frieren", "zittern", "kalt", "frost"],
    },
    "10033371": {
      name: "Schmerzen",
      searchTerms: ["schmerzen", "schmerz", "schmertzen", "weh", "tut weh", "wehtun", "schmerzhaft"],
    },
    "10050068": {
      name: "Geschwollene Arme oder Beine",
      searchTerms: [
        "schwellung",
        "geschwollen",
        "geschwollene beine",
        "geschwollene knöchel",
        "geschwollene füsse",
        "wasser in den beinen",
        "ödem",
        "oedem",
        "beine",
        "arme",
      ],
    },
    "10002646": {
      name: "Appetitlosigkeit",
      searchTerms: ["appetit", "apetit", "kein appetit", "appetitlos", "keinen hunger", "mag nicht essen", "anorexie"],
    },
    // Atmung, Nase und Stimme
    "10013963": {
      name: "Atemnot",
      searchTerms: [
        "atemnot",
        "atem",
        "atmen",
        "kurzatmig",
        "kurzatmigkeit",
        "ausser atem",
        "luftnot",
        "keine luft",
        "schnaufen",
        "dyspnoe",
      ],
    },
    "10011224": { name: "Husten", searchTerms: ["husten", "huste", "hustenreiz", "hüsteln"] },
    "10020039": { name: "Schluckauf", searchTerms: ["schluckauf", "schluckuf", "hitzgi", "gluggsi", "hicksen"] },
    "10020201": {
      name: "Heisere Stimme",
      searchTerms: ["heiser", "heiserkeit", "kratzige stimme", "stimme weg", "keine stimme", "stimme"],
    },
    "10047681": {
      name: "Veränderte Stimme",
      searchTerms: ["stimme", "stimmveränderung", "stimme klingt anders", "sprechen"],
    },
    "10015090": {
      name: "Nasenbluten",
      searchTerms: [
        "nasenbluten",
        "nasenblutten",
        "nase blutet",
        "blutende nase",
        "nase",
        "bluten",
        "blutung",
        "epistaxis",
      ],
    },
    "10047924": {
      name: "Pfeifender Atem",
      searchTerms: ["pfeifen", "pfeifender atem", "giemen", "keuchen", "enge brust", "atem", "atmen"],
    },
    // Haut, Haare und Nägel
    "10037868": {
      name: "Hautausschlag (rote Flecken oder Knötchen)",
      searchTerms: ["ausschlag", "hautausschlag", "rote flecken", "flecken", "knötchen", "rötung", "haut"],
    },
    "10037847": {
      name: "Akneartiger Ausschlag oder Pickel",
      searchTerms: ["akne", "pickel", "pusteln", "bibeli", "ausschlag", "haut"],
    },
    "10037087": {
      name: "Juckreiz",
      searchTerms: ["juckreiz", "jukreiz", "jucken", "juckt", "kratzen", "pruritus", "haut"],
    },
    "10001760": {
      name: "Haarausfall",
      searchTerms: [
        "haare",
        "haar",
        "haarausfall",
        "harausfall",
        "haare fallen aus",
        "dünnes haar",
        "dünner werdende haare",
        "glatze",
        "kahl",
        "alopezie",
      ],
    },
    "10013786": {
      name: "Trockene Haut",
      searchTerms: ["trockene haut", "schuppige haut", "rissige haut", "spröde haut", "haut"],
    },
    "10054524": {
      name: "Wunde, gerötete oder sich schälende Hände oder Füsse",
      searchTerms: [
        "hände",
        "füsse",
        "hand-fuss-syndrom",
        "hand fuss",
        "handflächen",
        "fusssohlen",
        "schälen",
        "rote hände",
        "wunde füsse",
      ],
    },
    "10046735": {
      name: "Nesselausschlag (juckende Quaddeln)",
      searchTerms: ["nesselausschlag", "nesselsucht", "quaddeln", "juckende quaddeln", "urtikaria", "haut"],
    },
    "10034966": {
      name: "Haut verbrennt schnell in der Sonne",
      searchTerms: ["sonne", "sonnenbrand", "sonnenempfindlich", "lichtempfindlich", "photosensibilität", "haut"],
    },
    "10040865": {
      name: "Dunklere Flecken auf der Haut",
      searchTerms: ["dunkle haut", "dunkle flecken", "hautfarbe", "verfärbung", "pigmentflecken", "pigmentierung"],
    },
    "10028691": {
      name: "Veränderte Farbe der Nägel",
      searchTerms: ["nägel", "nagel", "nagelfarbe", "verfärbte nägel", "nagelverfärbung"],
    },
    "10049281": {
      name: "Nägel lösen sich oder fallen ab",
      searchTerms: ["nägel", "nagel", "nagelverlust", "nägel fallen ab", "nagel löst sich"],
    },
    // Nerven, Kopf und Gemüt
    "10034620": {
      name: "Taubheit oder Kribbeln in Händen oder Füssen",
      searchTerms: [
        "taub",
        "taubheit",
        "kribbeln",
        "ameisenlaufen",
        "eingeschlafen",
        "nerven",
        "neuropathie",
        "hände",
        "füsse",
      ],
    },
    "10019211": {
      name: "Kopfschmerzen",
      searchTerms: ["kopfschmerzen", "kopfschmertzen", "kopfweh", "kopf", "migräne"],
    },
    "10013911": {
      name: "Veränderter Geschmack",
      searchTerms: ["geschmack", "metallischer geschmack", "essen schmeckt anders", "schmecken", "dysgeusie"],
    },
    "10013573": {
      name: "Schwindel",
      searchTerms: [
        "schwindel",
        "schwindlig",
        "schwindelig",
        "benommen",
        "drehschwindel",
        "unsicher",
        "ohnmacht",
        "gleichgewicht",
      ],
    },
    "10010250": {
      name: "Konzentrationsprobleme",
      searchTerms: [
        "konzentration",
        "konzentrieren",
        "unkonzentriert",
        "nebel im kopf",
        "chemo-gehirn",
        "aufmerksamkeit",
      ],
    },
    "10027175": {
      name: "Gedächtnisprobleme",
      searchTerms: ["gedächtnis", "gedachtnis", "vergesslich", "vergessen", "erinnern", "nebel im kopf"],
    },
    "10022437": {
      name: "Schlafprobleme",
      searchTerms: [
        "schlaf",
        "schlafen",
        "kann nicht schlafen",
        "schlaflos",
        "nachts wach",
        "einschlafen",
        "durchschlafen",
        "insomnie",
      ],
    },
    "10002855": {
      name: "Angst oder Sorgen",
      searchTerms: ["angst", "ängstlich", "sorgen", "besorgt", "nervös", "panik", "stress", "unruhe"],
    },
    "10012378": {
      name: "Niedergeschlagen oder depressiv",
      searchTerms: [
        "niedergeschlagen",
        "traurig",
        "depressiv",
        "depression",
        "bedrückt",
        "hoffnungslos",
        "unglücklich",
      ],
    },
    // Muskeln und Gelenke
    "10003239": {
      name: "Gelenkschmerzen",
      searchTerms: ["gelenke", "gelenk", "gelenkschmerzen", "steife gelenke", "knie", "arthralgie"],
    },
    "10028411": {
      name: "Muskelschmerzen",
      searchTerms: ["muskeln", "muskel", "muskelschmerzen", "muskelkater", "gliederschmerzen", "myalgie"],
    },
    "10003988": {
      name: "Rückenschmerzen",
      searchTerms: ["rücken", "rückenschmerzen", "ruckenschmerzen", "rückenweh", "kreuzschmerzen"],
    },
    // Weiteres
    "10060800": {
      name: "Hitzewallungen",
      searchTerms: ["hitzewallungen", "hitzewalungen", "wallungen", "schwitzen", "nachtschweiss", "schweiss", "hitze"],
    },
    "10005886": {
      name: "Verschwommenes Sehen",
      searchTerms: ["verschwommen", "unscharf", "augen", "sehen", "sehstörung", "sicht"],
    },
    "10047848": {
      name: "Tränende Augen",
      searchTerms: ["tränende augen", "tränen", "augen tränen", "wässrige augen", "augen"],
    },
    "10043882": {
      name: "Pfeifen oder Klingeln in den Ohren",
      searchTerms: ["ohren", "ohr", "ohrgeräusche", "pfeifen im ohr", "klingeln", "rauschen", "tinnitus"],
    },
    "10033557": {
      name: "Herzklopfen oder Herzrasen",
      searchTerms: ["herz", "herzklopfen", "herzrasen", "herzstolpern", "puls", "palpitationen"],
    },
    "10046539": {
      name: "Häufiges Wasserlösen",
      searchTerms: [
        "urin",
        "wasserlösen",
        "wasserlassen",
        "oft aufs wc",
        "pinkeln",
        "pipi",
        "blase",
        "toilette",
        "harndrang",
      ],
    },
    "10046543": {
      name: "Urin nicht halten können",
      searchTerms: ["urin", "pinkeln", "blase", "blasenschwäche", "urin verlieren", "inkontinenz", "missgeschick"],
    },
    "10046593": {
      name: "Plötzlicher Harndrang",
      searchTerms: ["urin", "pinkeln", "harndrang", "dringend", "plötzlich", "kann es nicht halten", "blase"],
    },
    "10062225": {
      name: "Schmerzen beim Wasserlösen",
      searchTerms: [
        "urin",
        "pinkeln",
        "brennen",
        "brennen beim wasserlösen",
        "wasserlassen",
        "blase",
        "blasenentzündung",
      ],
    },
    "10046904": {
      name: "Trockene Scheide",
      searchTerms: ["scheide", "vagina", "scheidentrockenheit", "trockene scheide", "schmerzen beim sex", "intimität"],
    },
    "10006504": {
      name: "Schnell blaue Flecken",
      searchTerms: ["blaue flecken", "blauer fleck", "bluterguss", "hämatom", "flecken"],
    },
    "10047895": {
      name: "Gewichtsverlust",
      searchTerms: ["gewicht", "gewichtsverlust", "gewichtverlust", "abnehmen", "abgenommen", "dünner"],
    },
  },
  grades: {
    general: [
      "Ich habe es nicht",
      "Es ist da, aber ich kann alles tun wie sonst",
      "Es hindert mich an manchem, was ich sonst tue",
      "Es macht es mir schwer, für mich selbst zu sorgen (waschen, anziehen, essen)",
      "Es ist so schlimm, dass ich sofort Hilfe brauche",
    ],
    pain: [
      "Keine Schmerzen",
      "Etwas Schmerzen, aber ich kann alles tun wie sonst",
      "Die Schmerzen hindern mich an manchem, was ich sonst tue",
      "Die Schmerzen machen es mir schwer, für mich selbst zu sorgen (waschen, anziehen, essen)",
      "Die Schmerzen sind so schlimm, dass ich sofort Hilfe brauche",
    ],
    eating: [
      "Ich habe es nicht",
      "Es ist da, aber ich esse und trinke wie sonst",
      "Deswegen esse oder trinke ich weniger als sonst",
      "Deswegen kann ich kaum essen oder trinken",
      "Ich kann gar nicht essen oder trinken und brauche sofort Hilfe",
    ],
    bowel: [
      "Mein Stuhlgang ist wie sonst",
      "Etwas öfter weicher Stuhl als sonst",
      "Viel öfter weicher Stuhl als sonst, und das stört meinen Tag",
      "So oft, dass ich kaum von der Toilette wegkomme oder nicht mehr für mich sorgen kann",
      "So schlimm, dass ich mich sehr schwach oder einer Ohnmacht nahe fühle und sofort Hilfe brauche",
    ],
    breathing: [
      "Ich habe es nicht",
      "Nur bei grosser Anstrengung, zum Beispiel wenn ich schnell Treppen steige",
      "Bei alltäglichen Dingen, zum Beispiel beim Gehen auf ebenem Weg",
      "Beim Waschen oder Anziehen",
      "Sogar in Ruhe, und ich brauche sofort Hilfe",
    ],
    skin: [
      "Ich habe es nicht",
      "Ein wenig, es stört mich kaum",
      "Es stört mich, oder es bedeckt einen grösseren Teil meiner Haut",
      "Es bedeckt einen grossen Teil meines Körpers oder macht es mir schwer, für mich selbst zu sorgen",
      "Es breitet sich schnell aus, mit Blasen oder offener Haut, und ich brauche sofort Hilfe",
    ],
    hair: [
      "Kein Haarausfall",
      "Die Haare werden etwas dünner, andere merken es kaum",
      "Haarausfall, den andere deutlich sehen",
    ],
  },
};
