import { isAdult } from "@openpro/core/schema-free";
import { type FormEvent, useState } from "react";
import { Alert, RadioGroup, SubmitButton, TextField } from "../../../components/plain-ui";
import { t } from "../../../lib/patient-text";
import { useSaveDemographics } from "../api";

const sexes = [
  { value: "female", label: "sexFemale" },
  { value: "male", label: "sexMale" },
  { value: "intersex", label: "sexIntersex" },
  { value: "prefer_not_to_say", label: "sexPreferNotToSay" },
] as const;
type Sex = (typeof sexes)[number]["value"];

const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;

/** Sex and date of birth: at least 18 years old. */
export const DemographicsForm = ({ onSaved, today = localToday() }: { onSaved: () => void; today?: string }) => {
  const save = useSaveDemographics();
  const [sex, setSex] = useState<Sex | "">("");
  const [dob, setDob] = useState("");
  const [tried, setTried] = useState(false);
  const sexProblem = sex ? null : t("sexRequired");
  const dobProblem = !/^\d{4}-\d{2}-\d{2}$/.test(dob) ? t("dobRequired") : !isAdult(dob, today) ? t("tooYoung") : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (sexProblem || dobProblem || !sex) return;
    save.mutate({ gender: sex, dob }, { onSuccess: onSaved });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t("aboutYouTitle")}>
      <RadioGroup
        legend={t("sex")}
        name="sex"
        required
        options={sexes.map((option) => ({ value: option.value, label: t(option.label) }))}
        value={sex}
        onValue={setSex}
        error={tried ? sexProblem : null}
      />
      <TextField
        type="date"
        label={t("dateOfBirth")}
        name="dob"
        required
        max={today}
        value={dob}
        onValue={setDob}
        error={tried ? dobProblem : null}
      />
      {save.isError ? <Alert severity="error">{t("somethingWentWrong")}</Alert> : null}
      <SubmitButton disabled={save.isPending}>{t("openTheApp")}</SubmitButton>
    </form>
  );
};
