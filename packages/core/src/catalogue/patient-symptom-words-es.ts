import type { SymptomWords } from "./symptom-words-shape.js";

/**
 * The symptom words in Spanish, as a patient in the United States says them (everyday Latin
 * American words, with the Spanish of Spain among the search terms: "sofocos" beside "bochornos").
 * Our own words, translated from the English ones: no PRO-CTCAE item wording, no CTCAE grade
 * definitions. Search terms are lower case; they include the spellings patients type without
 * accents or "ñ" and the usual slips ("diarea", "salpullido"); the search ignores accents.
 */
export const spanishSymptomWords: SymptomWords = {
  language: "es",
  symptoms: {
    // Estómago e intestinos
    "10028813": {
      name: "Náuseas (ganas de vomitar)",
      searchTerms: ["náuseas", "nauseas", "náusea", "ganas de vomitar", "asco", "estómago revuelto", "revuelto"],
    },
    "10047700": {
      name: "Vómitos",
      searchTerms: ["vómito", "vómitos", "vomito", "vomitar", "devolver", "arrojar", "arcadas"],
    },
    "10012727": {
      name: "Diarrea (heces líquidas o blandas)",
      searchTerms: [
        "diarrea",
        "diarea",
        "heces líquidas",
        "heces blandas",
        "soltura",
        "suelto del estómago",
        "heces",
        "popó",
      ],
    },
    "10010774": {
      name: "Estreñimiento",
      searchTerms: [
        "estreñimiento",
        "estrenimiento",
        "estreñido",
        "estreñida",
        "heces duras",
        "no puedo ir al baño",
        "pujar",
        "heces",
        "popó",
      ],
    },
    "10028130": {
      name: "Boca adolorida o llagas en la boca",
      searchTerms: ["boca", "llagas", "aftas", "úlceras", "boca adolorida", "encías", "mucositis", "estomatitis"],
    },
    "10000081": {
      name: "Dolor de estómago o de barriga",
      searchTerms: [
        "dolor de estómago",
        "estómago",
        "estomago",
        "barriga",
        "panza",
        "dolor de barriga",
        "dolor abdominal",
        "cólicos",
        "retortijones",
      ],
    },
    "10013781": {
      name: "Boca seca",
      searchTerms: ["boca seca", "sed", "poca saliva", "sin saliva", "resequedad", "xerostomía"],
    },
    "10013950": {
      name: "Dificultad para tragar",
      searchTerms: ["tragar", "deglutir", "la comida se atora", "atragantarse", "garganta", "disfagia"],
    },
    "10017885": {
      name: "Acidez o agruras",
      searchTerms: ["acidez", "agruras", "reflujo", "ardor", "ardor de estómago", "acidez estomacal", "pirosis"],
    },
    "10013946": {
      name: "Indigestión",
      searchTerms: [
        "indigestión",
        "indigestion",
        "mala digestión",
        "digestión",
        "eructos",
        "eructar",
        "empacho",
        "dispepsia",
      ],
    },
    "10016766": {
      name: "Gases",
      searchTerms: ["gases", "gas", "pedos", "flatulencia", "flatulencias", "ventosidades"],
    },
    "10005265": {
      name: "Barriga hinchada (inflamada)",
      searchTerms: [
        "hinchazón",
        "hinchado",
        "hinchada",
        "inflamado",
        "inflamada",
        "barriga hinchada",
        "panza hinchada",
      ],
    },
    "10016296": {
      name: "Escapes de heces o no llegar a tiempo al baño",
      searchTerms: ["escapes", "accidente", "incontinencia", "incontinencia fecal", "heces", "baño"],
    },
    "10008417": {
      name: "Labios secos, partidos o adoloridos",
      searchTerms: ["labios", "labios partidos", "labios secos", "labios agrietados", "queilitis"],
    },
    // Todo el cuerpo
    "10016256": {
      name: "Cansancio o falta de energía",
      searchTerms: [
        "cansado",
        "cansada",
        "cansancio",
        "agotado",
        "agotada",
        "agotamiento",
        "sin energía",
        "débil",
        "debilidad",
        "fatiga",
      ],
    },
    "10016558": {
      name: "Fiebre o temperatura alta",
      searchTerms: ["fiebre", "fiebre alta", "temperatura", "calentura", "caliente", "febril"],
    },
    "10008531": {
      name: "Escalofríos o temblores",
      searchTerms: ["escalofríos", "escalofrios", "temblores", "temblar", "frío", "tiritar"],
    },
    "10033371": {
      name: "Dolor",
      searchTerms: ["dolor", "dolores", "duele", "me duele", "adolorido", "doloroso"],
    },
    "10050068": {
      name: "Brazos o piernas hinchados",
      searchTerms: [
        "hinchazón",
        "hinchado",
        "hinchada",
        "tobillos hinchados",
        "pies hinchados",
        "retención de líquidos",
        "edema",
        "piernas",
        "brazos",
      ],
    },
    "10002646": {
      name: "Falta de apetito",
      searchTerms: ["apetito", "sin apetito", "no tengo hambre", "hambre", "comer", "inapetencia", "anorexia"],
    },
    // Respiración, nariz y voz
    "10013963": {
      name: "Falta de aire",
      searchTerms: [
        "falta de aire",
        "aire",
        "ahogo",
        "me ahogo",
        "sin aliento",
        "respirar",
        "respiración",
        "respiracion",
        "disnea",
      ],
    },
    "10011224": { name: "Tos", searchTerms: ["tos", "toser", "tosiendo", "tos seca", "tos con flema"] },
    "10020039": { name: "Hipo", searchTerms: ["hipo", "hipar"] },
    "10020201": {
      name: "Voz ronca",
      searchTerms: ["ronco", "ronca", "ronquera", "afonía", "voz ronca", "sin voz", "voz"],
    },
    "10047681": {
      name: "Cambios en la voz",
      searchTerms: ["voz", "voz cambiada", "voz diferente", "hablar"],
    },
    "10015090": {
      name: "Sangrado por la nariz",
      searchTerms: [
        "sangrado por la nariz",
        "sangrado nasal",
        "sangre por la nariz",
        "me sangra la nariz",
        "nariz",
        "sangrado",
        "hemorragia nasal",
        "epistaxis",
      ],
    },
    "10047924": {
      name: "Silbido al respirar",
      searchTerms: ["silbido", "silbidos", "pecho apretado", "pecho cerrado", "respirar", "respiración", "sibilancias"],
    },
    // Piel, pelo y uñas
    "10037868": {
      name: "Sarpullido (manchas o granitos rojos)",
      searchTerms: ["sarpullido", "salpullido", "erupción", "ronchas rojas", "manchas rojas", "granitos", "piel"],
    },
    "10037847": {
      name: "Erupción tipo acné o granos",
      searchTerms: ["acné", "granos", "barros", "espinillas", "erupción", "piel"],
    },
    "10037087": {
      name: "Picazón",
      searchTerms: ["picazón", "picazon", "comezón", "comezon", "picor", "me pica", "rascarse", "prurito", "piel"],
    },
    "10001760": {
      name: "Caída del pelo",
      searchTerms: [
        "pelo",
        "cabello",
        "caída del pelo",
        "caida del pelo",
        "caída del cabello",
        "se me cae el pelo",
        "pelo ralo",
        "calvicie",
        "calvo",
        "alopecia",
      ],
    },
    "10013786": {
      name: "Piel seca",
      searchTerms: ["piel seca", "piel reseca", "resequedad", "piel agrietada", "descamación", "piel"],
    },
    "10054524": {
      name: "Manos o pies adoloridos, rojos o que se pelan",
      searchTerms: [
        "manos",
        "pies",
        "síndrome mano-pie",
        "mano-pie",
        "palmas",
        "plantas de los pies",
        "se pelan",
        "manos rojas",
        "pies adoloridos",
      ],
    },
    "10046735": {
      name: "Ronchas (urticaria que pica)",
      searchTerms: ["ronchas", "urticaria", "habones", "piel"],
    },
    "10034966": {
      name: "Piel que se quema fácilmente con el sol",
      searchTerms: [
        "sol",
        "quemadura de sol",
        "quemaduras",
        "sensible al sol",
        "sensible a la luz",
        "fotosensibilidad",
        "piel",
      ],
    },
    "10040865": {
      name: "Manchas más oscuras en la piel",
      searchTerms: ["manchas", "manchas oscuras", "piel oscura", "color de la piel", "pigmentación"],
    },
    "10028691": {
      name: "Cambios de color en las uñas",
      searchTerms: ["uñas", "unas", "uña", "color de las uñas", "uñas manchadas", "uñas descoloridas"],
    },
    "10049281": {
      name: "Uñas que se despegan o se caen",
      searchTerms: ["uñas", "unas", "uña", "pérdida de uñas", "se caen las uñas", "uña despegada"],
    },
    // Nervios, cabeza y ánimo
    "10034620": {
      name: "Adormecimiento u hormigueo en manos o pies",
      searchTerms: [
        "adormecido",
        "adormecimiento",
        "entumecido",
        "hormigueo",
        "hormigas",
        "nervios",
        "neuropatía",
        "manos",
        "pies",
      ],
    },
    "10019211": {
      name: "Dolor de cabeza",
      searchTerms: ["dolor de cabeza", "cabeza", "jaqueca", "migraña", "cefalea"],
    },
    "10013911": {
      name: "Cambios en el sabor",
      searchTerms: ["sabor", "gusto", "sabor metálico", "la comida sabe diferente", "disgeusia"],
    },
    "10013573": {
      name: "Mareo",
      searchTerms: ["mareo", "mareos", "mareado", "mareada", "vértigo", "aturdido", "inestable", "desmayo"],
    },
    "10010250": {
      name: "Dificultad para concentrarse",
      searchTerms: ["concentración", "concentrarme", "concentrarse", "niebla mental", "atención", "distraído"],
    },
    "10027175": {
      name: "Problemas de memoria",
      searchTerms: ["memoria", "olvido", "olvidos", "olvidadizo", "olvidadiza", "niebla mental"],
    },
    "10022437": {
      name: "Problemas para dormir",
      searchTerms: ["sueño", "dormir", "no puedo dormir", "insomnio", "desvelo", "despierto de noche"],
    },
    "10002855": {
      name: "Ansiedad o preocupación",
      searchTerms: [
        "ansiedad",
        "ansioso",
        "ansiosa",
        "preocupado",
        "preocupada",
        "preocupación",
        "nervios",
        "nervioso",
        "pánico",
        "estrés",
      ],
    },
    "10012378": {
      name: "Tristeza o depresión",
      searchTerms: [
        "triste",
        "tristeza",
        "bajo de ánimo",
        "ánimo",
        "deprimido",
        "deprimida",
        "depresión",
        "sin esperanza",
      ],
    },
    // Músculos y articulaciones
    "10003239": {
      name: "Dolor en las articulaciones",
      searchTerms: ["articulaciones", "dolor de articulaciones", "coyunturas", "rodillas", "rigidez", "artralgia"],
    },
    "10028411": {
      name: "Dolor muscular",
      searchTerms: ["músculos", "musculos", "músculo", "dolor muscular", "dolores musculares", "mialgia"],
    },
    "10003988": {
      name: "Dolor de espalda",
      searchTerms: ["espalda", "dolor de espalda", "lumbago", "cintura"],
    },
    // Otros
    "10060800": {
      name: "Bochornos o sofocos",
      searchTerms: ["bochornos", "sofocos", "calores", "sudores", "sudores nocturnos", "sudar", "calor"],
    },
    "10005886": {
      name: "Visión borrosa",
      searchTerms: ["borroso", "borrosa", "vista", "visión", "vision", "ojos", "ver mal"],
    },
    "10047848": {
      name: "Ojos llorosos",
      searchTerms: ["ojos llorosos", "llorosos", "lagrimeo", "lágrimas", "lagrimas", "ojos"],
    },
    "10043882": {
      name: "Zumbido en los oídos",
      searchTerms: ["oídos", "oidos", "zumbido", "pitido", "silbido en los oídos", "acúfenos", "tinnitus"],
    },
    "10033557": {
      name: "Corazón que late fuerte o rápido",
      searchTerms: ["corazón", "corazon", "latidos", "palpitaciones", "corazón acelerado", "taquicardia"],
    },
    "10046539": {
      name: "Ganas de orinar muy seguido",
      searchTerms: ["orinar", "orina", "pipí", "pis", "hacer pipí", "seguido", "frecuente", "vejiga", "baño"],
    },
    "10046543": {
      name: "Escapes de orina",
      searchTerms: ["orina", "orinar", "pipí", "pis", "escapes", "incontinencia", "vejiga", "accidente"],
    },
    "10046593": {
      name: "Ganas urgentes de orinar",
      searchTerms: ["orina", "orinar", "pipí", "pis", "urgencia", "urgente", "no aguanto", "vejiga"],
    },
    "10062225": {
      name: "Dolor al orinar",
      searchTerms: [
        "orina",
        "orinar",
        "pipí",
        "pis",
        "ardor",
        "arde",
        "dolor al orinar",
        "vejiga",
        "infección urinaria",
      ],
    },
    "10046904": {
      name: "Resequedad vaginal",
      searchTerms: ["vagina", "sequedad vaginal", "resequedad", "relaciones dolorosas", "intimidad"],
    },
    "10006504": {
      name: "Moretones con facilidad",
      searchTerms: ["moretones", "moretón", "morados", "hematomas", "manchas moradas", "marcas"],
    },
    "10047895": {
      name: "Pérdida de peso",
      searchTerms: ["peso", "pérdida de peso", "perdida de peso", "bajar de peso", "adelgazar", "más delgado"],
    },
  },
  grades: {
    general: [
      "No lo tengo",
      "Lo tengo, pero puedo hacer mis cosas de siempre",
      "Me impide hacer algunas de mis cosas de siempre",
      "Me cuesta cuidarme (bañarme, vestirme, comer)",
      "Es tan fuerte que necesito ayuda de inmediato",
    ],
    pain: [
      "Sin dolor",
      "Algo de dolor, pero puedo hacer mis cosas de siempre",
      "El dolor me impide hacer algunas de mis cosas de siempre",
      "Por el dolor me cuesta cuidarme (bañarme, vestirme, comer)",
      "El dolor es tan fuerte que necesito ayuda de inmediato",
    ],
    eating: [
      "No lo tengo",
      "Lo tengo, pero como y bebo como siempre",
      "Por eso como o bebo menos que de costumbre",
      "Por eso casi no puedo comer ni beber",
      "No puedo comer ni beber nada y necesito ayuda de inmediato",
    ],
    bowel: [
      "Voy al baño como siempre",
      "Unas cuantas evacuaciones blandas más de lo normal",
      "Muchas más evacuaciones blandas de lo normal, y me afectan el día",
      "Tantas que casi no puedo salir del baño ni cuidarme",
      "Tan fuerte que me siento muy débil o a punto de desmayarme y necesito ayuda de inmediato",
    ],
    breathing: [
      "No lo tengo",
      "Solo con un gran esfuerzo, como subir escaleras rápido",
      "Al hacer cosas normales, como caminar en plano",
      "Al bañarme o vestirme",
      "Incluso en reposo, y necesito ayuda de inmediato",
    ],
    skin: [
      "No lo tengo",
      "Un poco, y casi no me molesta",
      "Me molesta, o cubre una parte más grande de mi piel",
      "Cubre gran parte de mi cuerpo, o hace que me cueste cuidarme",
      "Se extiende rápido, con ampollas o piel abierta, y necesito ayuda de inmediato",
    ],
    hair: [
      "No se me cae el pelo",
      "El pelo está un poco más ralo; quizá otros no lo noten",
      "Una caída del pelo que otros notan claramente",
    ],
  },
};
