import type { LegalDocumentId, PatientLanguage, RichTextDocument } from "@openpro/core";

/**
 * Our translations of the legal texts a patient accepts (issue 31 §3): the licence agreement and
 * the privacy policy, for the patients' languages other than English. Our own words, reviewed as
 * docs/translations.md says. Each translates one version of the English text (documents.ts): it is
 * served only while that version is the one served, so a hospital's own text (a new version) takes
 * precedence over our translation of the old one until the hospital gives its own translations.
 */
/** The English version each translation translates (documents.ts's version and updatedAt). */
export const translatedVersions: Partial<Record<LegalDocumentId, string>> = {
  eula: "1.0 2026-11-01T00:00:00.000Z",
  "privacy-policy": "1.0 2026-11-01T00:00:00.000Z",
};

type Translated = Partial<Record<LegalDocumentId, Omit<RichTextDocument, "id" | "version" | "updatedAt">>>;

export const legalDocumentTranslations: Record<Exclude<PatientLanguage, "en">, Translated> = {
  de: {
    eula: {
      title: "Lizenzvereinbarung",
      blocks: [
        {
          type: "paragraph",
          text: "Diese Vereinbarung regelt Ihre Nutzung des OpenPRO-Dashboards für Fachpersonen und der OpenPRO-App für Patientinnen und Patienten, bereitgestellt von der Organisation, die Ihr Programm führt.",
        },
        { type: "heading", text: "1. Lizenz" },
        {
          type: "paragraph",
          text: "Sie dürfen OpenPRO nur nutzen, um an einem Programm für patientenberichtete Ergebnisse teilzunehmen oder es zu führen, zu dem Sie eingeladen wurden. OpenPRO ist Open-Source-Software; diese Vereinbarung schränkt die Rechte nicht ein, die Ihnen seine Open-Source-Lizenz am Code gibt.",
        },
        { type: "heading", text: "2. Ihr Konto" },
        {
          type: "list",
          items: [
            "Behalten Sie Ihr Passwort und Ihre Anmeldecodes für sich.",
            "Melden Sie sich an gemeinsam genutzten Computern ab.",
            "Sagen Sie es sofort der Administration Ihres Programms, wenn Sie denken, dass jemand anderes Ihr Konto benutzt hat.",
          ],
        },
        { type: "heading", text: "3. Klinische Nutzung" },
        {
          type: "paragraph",
          text: "OpenPRO unterstützt das klinische Urteil und ersetzt es nicht. Es ist kein Notfalldienst: Wer sich sehr unwohl fühlt, wendet sich direkt an das Behandlungsteam oder an den Notruf.",
        },
        { type: "heading", text: "4. Ende" },
        {
          type: "paragraph",
          text: "Die Administration Ihres Programms kann Ihren Zugang jederzeit beenden, zum Beispiel wenn ein Programm endet. Bereits erfasste Daten werden aufbewahrt, wie es die Datenschutzerklärung beschreibt.",
        },
      ],
    },
    "privacy-policy": {
      title: "Datenschutzerklärung",
      blocks: [
        {
          type: "paragraph",
          text: "Diese Erklärung sagt, was OpenPRO über Sie speichert, warum, wer es sehen kann und welche Rechte Sie haben.",
        },
        { type: "heading", text: "Was wir speichern" },
        {
          type: "list",
          items: [
            "Mitarbeitende: Name, geschäftliche E-Mail-Adresse, Rolle und ein Protokoll der Anmeldungen und der Patientendaten, die Sie öffnen oder ändern.",
            "Patientinnen und Patienten: Name, E-Mail-Adresse, Geburtsdatum, Geschlecht sowie die Symptome, Messwerte, Medikamente und Antworten auf Fragebogen, die Sie in der App erfassen.",
          ],
        },
        { type: "heading", text: "Warum" },
        {
          type: "paragraph",
          text: "Um das Programm zu führen, an dem Sie teilnehmen: damit Ihr Behandlungsteam sieht, wie es Ihnen geht, und bei starken Symptomen handeln kann, und, wo Sie eingewilligt haben, für Forschung, die Ihre Daten verwendet, ohne Sie erkennbar zu machen.",
        },
        { type: "heading", text: "Wer es sehen kann" },
        {
          type: "paragraph",
          text: "Nur Mitarbeitende Ihres Programms, deren Rolle es erlaubt. Jeder Zugriff auf Patientendaten wird protokolliert. Daten werden nie verkauft.",
        },
        { type: "heading", text: "Ihre Rechte" },
        {
          type: "list",
          items: [
            "Die Daten sehen, die über Sie gespeichert sind.",
            "Sie berichtigen lassen.",
            "Jederzeit aus einem Programm austreten.",
            "Sich bei Ihrer Datenschutzbehörde beschweren.",
          ],
        },
      ],
    },
  },
  fr: {
    eula: {
      title: "Contrat de licence",
      blocks: [
        {
          type: "paragraph",
          text: "Ce contrat règle votre utilisation du tableau de bord OpenPRO des professionnels et de l’app OpenPRO des patients, fournis par l’organisation qui mène votre programme.",
        },
        { type: "heading", text: "1. Licence" },
        {
          type: "paragraph",
          text: "Vous pouvez utiliser OpenPRO uniquement pour participer, ou mener, un programme de résultats rapportés par les patients auquel vous avez été invité. OpenPRO est un logiciel libre ; ce contrat ne limite pas les droits que sa licence libre vous donne sur le code.",
        },
        { type: "heading", text: "2. Votre compte" },
        {
          type: "list",
          items: [
            "Gardez pour vous votre mot de passe et vos codes de connexion.",
            "Déconnectez-vous sur les ordinateurs partagés.",
            "Prévenez tout de suite l’administration de votre programme si vous pensez que quelqu’un d’autre a utilisé votre compte.",
          ],
        },
        { type: "heading", text: "3. Usage clinique" },
        {
          type: "paragraph",
          text: "OpenPRO soutient le jugement clinique et ne le remplace pas. Ce n’est pas un service d’urgence : un patient qui se sent très mal contacte directement son équipe soignante ou les urgences.",
        },
        { type: "heading", text: "4. Fin" },
        {
          type: "paragraph",
          text: "L’administration de votre programme peut mettre fin à votre accès à tout moment, par exemple à la clôture d’un programme. Les données déjà enregistrées sont conservées comme le décrit la politique de confidentialité.",
        },
      ],
    },
    "privacy-policy": {
      title: "Politique de confidentialité",
      blocks: [
        {
          type: "paragraph",
          text: "Cette politique explique ce qu’OpenPRO enregistre à votre sujet, pourquoi, qui peut le voir et quels sont vos droits.",
        },
        { type: "heading", text: "Ce que nous enregistrons" },
        {
          type: "list",
          items: [
            "Personnel : nom, adresse e-mail professionnelle, rôle, et un journal des connexions et des dossiers de patients que vous ouvrez ou modifiez.",
            "Patients : nom, adresse e-mail, date de naissance, sexe, ainsi que les symptômes, mesures, médicaments et réponses aux questionnaires que vous notez dans l’app.",
          ],
        },
        { type: "heading", text: "Pourquoi" },
        {
          type: "paragraph",
          text: "Pour mener le programme auquel vous participez : afin que votre équipe soignante suive comment vous allez et agisse en cas de symptômes graves, et, si vous y avez consenti, pour une recherche qui utilise vos données sans vous identifier.",
        },
        { type: "heading", text: "Qui peut le voir" },
        {
          type: "paragraph",
          text: "Seul le personnel de votre programme dont le rôle le permet. Chaque accès à un dossier de patient est enregistré. Les données ne sont jamais vendues.",
        },
        { type: "heading", text: "Vos droits" },
        {
          type: "list",
          items: [
            "Voir les données conservées à votre sujet.",
            "Les faire corriger.",
            "Quitter un programme à tout moment.",
            "Vous plaindre auprès de votre autorité de protection des données.",
          ],
        },
      ],
    },
  },
  it: {
    eula: {
      title: "Contratto di licenza",
      blocks: [
        {
          type: "paragraph",
          text: "Questo contratto regola l’uso del pannello OpenPRO per i professionisti e dell’app OpenPRO per i pazienti, forniti dall’organizzazione che gestisce il Suo programma.",
        },
        { type: "heading", text: "1. Licenza" },
        {
          type: "paragraph",
          text: "Può usare OpenPRO solo per partecipare, o gestire, un programma di esiti riferiti dai pazienti a cui è stato invitato. OpenPRO è software libero; questo contratto non limita i diritti che la sua licenza libera Le dà sul codice.",
        },
        { type: "heading", text: "2. Il Suo account" },
        {
          type: "list",
          items: [
            "Tenga per sé la password e i codici di accesso.",
            "Esca dall’account sui computer condivisi.",
            "Avvisi subito l’amministrazione del Suo programma se pensa che qualcun altro abbia usato il Suo account.",
          ],
        },
        { type: "heading", text: "3. Uso clinico" },
        {
          type: "paragraph",
          text: "OpenPRO sostiene il giudizio clinico e non lo sostituisce. Non è un servizio di emergenza: chi si sente molto male contatta direttamente la propria équipe di cura o il numero di emergenza.",
        },
        { type: "heading", text: "4. Fine" },
        {
          type: "paragraph",
          text: "L’amministrazione del Suo programma può chiudere il Suo accesso in qualsiasi momento, per esempio quando un programma termina. I dati già registrati sono conservati come descritto nell’informativa sulla privacy.",
        },
      ],
    },
    "privacy-policy": {
      title: "Informativa sulla privacy",
      blocks: [
        {
          type: "paragraph",
          text: "Questa informativa spiega che cosa OpenPRO registra su di Lei, perché, chi può vederlo e quali sono i Suoi diritti.",
        },
        { type: "heading", text: "Che cosa registriamo" },
        {
          type: "list",
          items: [
            "Personale: nome, e-mail di lavoro, ruolo, e un registro degli accessi e delle cartelle dei pazienti che apre o modifica.",
            "Pazienti: nome, e-mail, data di nascita, sesso, e i sintomi, le misurazioni, i farmaci e le risposte ai questionari che registra nell’app.",
          ],
        },
        { type: "heading", text: "Perché" },
        {
          type: "paragraph",
          text: "Per gestire il programma a cui partecipa: perché la Sua équipe di cura segua come sta e intervenga in caso di sintomi gravi e, se ha dato il consenso, per una ricerca che usa i Suoi dati senza identificarLa.",
        },
        { type: "heading", text: "Chi può vederlo" },
        {
          type: "paragraph",
          text: "Solo il personale del Suo programma il cui ruolo lo consente. Ogni accesso alla cartella di un paziente è registrato. I dati non sono mai venduti.",
        },
        { type: "heading", text: "I Suoi diritti" },
        {
          type: "list",
          items: [
            "Vedere i dati conservati su di Lei.",
            "Farli correggere.",
            "Lasciare un programma in qualsiasi momento.",
            "Presentare reclamo alla Sua autorità per la protezione dei dati.",
          ],
        },
      ],
    },
  },
  es: {
    eula: {
      title: "Contrato de licencia",
      blocks: [
        {
          type: "paragraph",
          text: "Este contrato rige su uso del panel de OpenPRO para profesionales y de la app OpenPRO para pacientes, proporcionados por la organización que lleva su programa.",
        },
        { type: "heading", text: "1. Licencia" },
        {
          type: "paragraph",
          text: "Puede usar OpenPRO solo para participar en, o llevar, un programa de resultados reportados por pacientes al que fue invitado. OpenPRO es software de código abierto; este contrato no limita los derechos que su licencia de código abierto le da sobre el código.",
        },
        { type: "heading", text: "2. Su cuenta" },
        {
          type: "list",
          items: [
            "No comparta su contraseña ni sus códigos de acceso.",
            "Cierre la sesión en computadoras compartidas.",
            "Avise de inmediato a la administración de su programa si cree que otra persona usó su cuenta.",
          ],
        },
        { type: "heading", text: "3. Uso clínico" },
        {
          type: "paragraph",
          text: "OpenPRO apoya el juicio clínico y no lo reemplaza. No es un servicio de emergencias: un paciente que se siente muy mal debe comunicarse directamente con su equipo de atención o con emergencias.",
        },
        { type: "heading", text: "4. Fin" },
        {
          type: "paragraph",
          text: "La administración de su programa puede terminar su acceso en cualquier momento, por ejemplo cuando un programa se cierra. Los datos ya registrados se conservan como lo describe la política de privacidad.",
        },
      ],
    },
    "privacy-policy": {
      title: "Política de privacidad",
      blocks: [
        {
          type: "paragraph",
          text: "Esta política explica qué registra OpenPRO sobre usted, por qué, quién puede verlo y cuáles son sus derechos.",
        },
        { type: "heading", text: "Qué registramos" },
        {
          type: "list",
          items: [
            "Personal: nombre, correo electrónico de trabajo, función, y un registro de los accesos y de los expedientes de pacientes que abre o cambia.",
            "Pacientes: nombre, correo electrónico, fecha de nacimiento, sexo, y los síntomas, mediciones, medicamentos y respuestas a cuestionarios que registra en la app.",
          ],
        },
        { type: "heading", text: "Por qué" },
        {
          type: "paragraph",
          text: "Para llevar el programa en el que participa: para que su equipo de atención siga cómo está y actúe ante síntomas graves y, si usted dio su consentimiento, para investigaciones que usan sus datos sin identificarlo.",
        },
        { type: "heading", text: "Quién puede verlo" },
        {
          type: "paragraph",
          text: "Solo el personal de su programa cuya función lo permite. Cada acceso a un expediente de paciente queda registrado. Los datos nunca se venden.",
        },
        { type: "heading", text: "Sus derechos" },
        {
          type: "list",
          items: [
            "Ver los datos que se guardan sobre usted.",
            "Corregirlos.",
            "Dejar un programa en cualquier momento.",
            "Presentar una queja ante su autoridad de protección de datos.",
          ],
        },
      ],
    },
  },
};
