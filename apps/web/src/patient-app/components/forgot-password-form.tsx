import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { limits, messages } from "@openpro/core";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { PasswordChecklist } from "../../features/auth/components/password-checklist";
import { ApiError } from "../../lib/http";
import { patientChecklistWords } from "../../lib/patient-fields";
import { t } from "../../lib/patient-text";
import { useCheckResetCode, useResetPassword, useSendResetCode } from "../api";
import { EmailField, PasswordField, ProblemAlert, SubmitButton } from "./form-parts";
import { LightTextField } from "./light-text-field";
import { touch } from "./me-layout";

type Step = "email" | "code" | "password";

const codePattern = new RegExp(`^[0-9]{${limits.otpLength}}$`);

/** What a failed call means to the patient, in the patient's words (the server's are staff English). */
const problemOf = (error: unknown): string => {
  if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500) return t("resetFailed");
  if (error.status === 429) return t("tooManyTries");
  if (error.errorCode === "OTP_EXPIRED") return t("resetCodeExpired");
  if (error.errorCode === "OTP_INCORRECT") return t("resetCodeWrong");
  return t("resetFailed");
};

/** The server's verdict on the new password, said in the patient's words. */
const passwordProblemOf = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const onPassword = error.fieldErrors.find((e) => e.field === "password" || e.field === "confirmPassword");
  if (!onPassword) return null;
  if (onPassword.field === "confirmPassword") return t("passwordMismatch");
  if (onPassword.message === messages.passwordTooCommon) return t("passwordTooCommon");
  return t("passwordRulesUnmet");
};

/**
 * A forgotten password in three steps: the e-mail address, the 6-digit code e-mailed to it, the new
 * password (with the live checklist of the staff reset and the sign-up). The last step signs the
 * patient in. A link from the e-mail (?email=) starts at the code. The server answers the first step
 * the same for any address, and limits wrong codes per address and per device.
 */
export const ForgotPasswordForm = ({ initialEmail, onSignedIn }: { initialEmail: string; onSignedIn: () => void }) => {
  const [step, setStep] = useState<Step>(initialEmail ? "code" : "email");
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ email?: string; code?: string; password?: string; confirm?: string }>({});
  const send = useSendResetCode();
  const check = useCheckResetCode();
  const reset = useResetPassword();
  const stepRef = useRef<HTMLDivElement>(null);

  // Each new step is announced by moving focus to its heading (screen readers read it, keyboards start there).
  useEffect(() => {
    if (step !== (initialEmail ? "code" : "email")) stepRef.current?.focus();
  }, [step, initialEmail]);

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    const address = email.trim();
    if (!address) {
      setMissing({ email: t("emailNeeded") });
      return;
    }
    setMissing({});
    send.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        setCode("");
        check.reset();
        setStep("code");
      },
    });
  };

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, "");
    if (!codePattern.test(typed)) {
      setMissing({ code: t("resetCodeNeeded") });
      return;
    }
    setMissing({});
    check.mutate({ email: email.trim(), otpCode: typed }, { onSuccess: () => setStep("password") });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      password: password ? undefined : t("passwordNeeded"),
      confirm: confirmPassword === password ? undefined : t("passwordMismatch"),
    };
    setMissing(problems);
    if (problems.password || problems.confirm) return;
    reset.mutate(
      { email: email.trim(), otpCode: code.replace(/\s/g, ""), password, confirmPassword },
      {
        onSuccess: (answer) => {
          if (answer.accessToken) onSignedIn();
        },
        onError: (error) => {
          // A code that died meanwhile (expired, or too many tries): back to the code, with the reason.
          if (error instanceof ApiError && error.status === 400) setStep("code");
        },
      },
    );
  };

  if (step === "email")
    return (
      <Box component="form" noValidate onSubmit={sendCode} sx={{ display: "grid", gap: 2 }}>
        <Typography>{t("forgotIntro")}</Typography>
        <ProblemAlert problem={send.isError ? problemOf(send.error) : null} />
        <EmailField value={email} onChange={setEmail} problem={missing.email} />
        <SubmitButton pending={send.isPending} label={t("sendCode")} busy={t("sendingCode")} />
      </Box>
    );

  if (step === "code")
    return (
      <Box component="form" noValidate onSubmit={checkCode} sx={{ display: "grid", gap: 2 }}>
        <Box ref={stepRef} tabIndex={-1} sx={{ outline: "none" }}>
          <Typography role="status">{t("codeSent", { email: sentTo ?? email.trim() })}</Typography>
        </Box>
        <ProblemAlert
          problem={check.isError || reset.isError ? problemOf(check.isError ? check.error : reset.error) : null}
        />
        <LightTextField
          label={t("resetCode")}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={!!missing.code}
          helperText={missing.code ?? t("resetCodeHint")}
          required
        />
        <SubmitButton pending={check.isPending} label={t("checkCode")} busy={t("checkingCode")} />
        <Button
          variant="outlined"
          size="large"
          sx={touch}
          disabled={send.isPending}
          onClick={() => {
            reset.reset();
            if (email.trim()) sendCode();
            else setStep("email");
          }}
        >
          {t("sendNewCode")}
        </Button>
        <ProblemAlert problem={send.isError ? problemOf(send.error) : null} />
      </Box>
    );

  const serverProblem = passwordProblemOf(reset.error);
  return (
    <Box component="form" noValidate onSubmit={save} sx={{ display: "grid", gap: 2 }}>
      <Box ref={stepRef} tabIndex={-1} sx={{ outline: "none" }}>
        <Typography>{t("choosePassword")}</Typography>
      </Box>
      <ProblemAlert problem={reset.isError && !serverProblem ? problemOf(reset.error) : null} />
      {/* The address, for the browser's password manager to store the new password under. */}
      <input type="email" name="email" value={email.trim()} autoComplete="username" readOnly hidden />
      <PasswordField
        label={t("newPassword")}
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        problem={missing.password ?? serverProblem ?? undefined}
      />
      <PasswordChecklist
        password={password}
        id="me-password-checklist"
        email={email.trim()}
        words={patientChecklistWords()}
      />
      <PasswordField
        label={t("confirmPassword")}
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        problem={missing.confirm}
      />
      <SubmitButton pending={reset.isPending} label={t("saveNewPassword")} busy={t("savingNewPassword")} />
    </Box>
  );
};
