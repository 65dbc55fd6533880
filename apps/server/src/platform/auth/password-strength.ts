/**
 * A new password's acceptability on the server: core's rules (length, the spec's checklist, the
 * e-mail name), then guessability by zxcvbn-ts (`@zxcvbn-ts/core` with its common and English
 * dictionaries: breached passwords, names, words, keyboard walks, l33t). Core imports only zod, so
 * zxcvbn is adapted here; the browser loads the same library lazily (apps/web/src/features/auth/password-strength.ts).
 */
import { isGuessablePassword, messages, passwordProblem } from "@openpro/core";
import { type ZxcvbnFactory as Factory, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";

let factory: Factory | undefined;

/** Built on first use (indexing the dictionaries takes a moment and some memory a server may never need). */
const zxcvbn = (): Factory => {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
  });
  return factory;
};

/** The first problem of a new password (the message shown on the password field), or null. */
export const newPasswordProblem = (password: string, context: { email?: string } = {}): string | null => {
  const problem = passwordProblem(password, context);
  if (problem) return problem;
  const guessable = isGuessablePassword(
    password,
    (candidate, inputs) => zxcvbn().check(candidate, inputs),
    context.email,
  );
  return guessable ? messages.passwordTooCommon : null;
};
