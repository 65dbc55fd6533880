import { loadSymptomWords, type SymptomWords, symptomWordsIn } from "@openpro/core";
import { useEffect, useState } from "react";
import { usePatientLanguage } from "../lib/patient-text";

/**
 * The symptom words (plain names, search terms, grade choices) in the language the patient reads.
 * Each language is a chunk of its own, fetched once (the service worker keeps it for offline use);
 * `ready` is false until it is there, so that a screen does not flash the English names first. When
 * it cannot be fetched the English words are shown rather than nothing.
 */
export const usePatientSymptomWords = (): { words: SymptomWords; ready: boolean } => {
  const { language } = usePatientLanguage();
  const [settled, setSettled] = useState<string | null>(() =>
    symptomWordsIn(language).language === language ? language : null,
  );
  useEffect(() => {
    let live = true;
    const settle = () => {
      if (live) setSettled(language);
    };
    loadSymptomWords(language).then(settle, settle);
    return () => {
      live = false;
    };
  }, [language]);
  return { words: symptomWordsIn(language), ready: settled === language };
};
