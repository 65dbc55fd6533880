import "../../../components/plain-ui.css";
import { type ChecklistItemId, evaluateChecklist, messages, passwordChecklist } from "@openpro/core/schema-free";
import { usePasswordGuessable } from "../password-strength";

// The Material icons CheckCircle and RadioButtonUnchecked, inline: no icon or style library.
const metIcon =
  "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z";
const unmetIcon =
  "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8";

/** The checklist's words: core's English on the staff screens, the patients' catalogue on theirs (lib/patient-fields.ts). */
export interface ChecklistWords {
  title: string;
  rule: (id: ChecklistItemId) => string;
  done: string;
  notYet: string;
  tooCommon: string;
}

const staffWords: ChecklistWords = {
  title: "Your password must contain:",
  rule: (id) => passwordChecklist.find((item) => item.id === id)?.label ?? id,
  done: " (done)",
  notYet: " (not yet)",
  tooCommon: messages.passwordTooCommon,
};

/**
 * The live password checklist of the account and reset screens (rules from core), and, once every
 * line is met, zxcvbn's verdict (loaded lazily) when the password is too easy to guess. Plain
 * markup (components/plain-ui.css): the patient sign-up of the light entry shows it too.
 */
export const PasswordChecklist = ({
  password,
  id,
  email,
  words = staffWords,
}: {
  password: string;
  id?: string;
  email?: string;
  words?: ChecklistWords;
}) => {
  const met = evaluateChecklist(password);
  const guessable = usePasswordGuessable(password, email);
  return (
    <div id={id} className="pu-checklist-box">
      <p className="pu-checklist-title" id={id ? `${id}-heading` : undefined}>
        {words.title}
      </p>
      <ul className="pu-checklist" aria-labelledby={id ? `${id}-heading` : undefined}>
        {passwordChecklist.map((item) => {
          const ok = met[item.id];
          return (
            <li key={item.id} data-met={ok}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d={ok ? metIcon : unmetIcon} />
              </svg>
              <span>
                {words.rule(item.id)}
                <span className="visually-hidden">{ok ? words.done : words.notYet}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" data-testid="password-guessable" className="pu-checklist-verdict">
        {guessable ? words.tooCommon : ""}
      </p>
    </div>
  );
};
