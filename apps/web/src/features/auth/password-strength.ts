import { evaluateChecklist, isGuessablePassword, type StrengthEstimate } from "@openpro/core";
import { useEffect, useState } from "react";

type Estimate = (password: string, userInputs: string[]) => StrengthEstimate;

let loading: Promise<Estimate> | undefined;

/**
 * zxcvbn-ts (core + common and English dictionaries) as chunks of their own, fetched only when
 * someone types a new password: the sign-in page never loads them, nor does a page that merely
 * shows a password form.
 * The server judges the same rule again (apps/server/src/platform/auth/password-strength.ts).
 */
export const loadPasswordStrength = (): Promise<Estimate> => {
  loading ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
  ]).then(([core, common, english]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs);
  });
  // A failed download (offline) may be tried again by the next keystroke.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
};

/**
 * Is this password guessable? null while unknown: the checklist is not met yet, zxcvbn is still
 * loading, or it could not be loaded (the server still refuses a guessable password).
 */
export const usePasswordGuessable = (password: string, email?: string): boolean | null => {
  const [verdict, setVerdict] = useState<{ password: string; guessable: boolean } | null>(null);
  // Fetched once the person starts typing, never with the page: the invitation page holds the
  // sign-up form, and a phone must not download the dictionaries before the first screen.
  const typing = password.length > 0;
  useEffect(() => {
    if (typing) void loadPasswordStrength().catch(() => undefined);
  }, [typing]);
  const checklistMet = Object.values(evaluateChecklist(password)).every(Boolean);
  useEffect(() => {
    if (!checklistMet) return;
    let current = true;
    const timer = setTimeout(() => {
      loadPasswordStrength()
        .then((estimate) => {
          if (current) setVerdict({ password, guessable: isGuessablePassword(password, estimate, email) });
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, email, checklistMet]);
  return checklistMet && verdict?.password === password ? verdict.guessable : null;
};
