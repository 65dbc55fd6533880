import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { limits } from "@openpro/core";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useClientConfig } from "../../../lib/client-config";
import { emptyOtp, OtpInput } from "./otp-input";

interface OtpFormProps {
  /** Resolves when the code was accepted; rejects (the parent shows `error`) otherwise. */
  onVerify: (code: string) => Promise<unknown>;
  /** Rejects when resending failed; the boxes are then cleared. */
  onResend: () => Promise<unknown>;
  verifying: boolean;
  resending?: boolean;
  error: string | null;
  intro: string;
}

/** One-time code entry: six boxes, Confirm code, Resend code and Contact. */
export const OtpForm = ({ onVerify, onResend, verifying, resending, error, intro }: OtpFormProps) => {
  const { supportEmail } = useClientConfig();
  const [digits, setDigits] = useState<string[]>(emptyOtp);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastAttempt = useRef<string | null>(null);
  const labelId = useId();
  const errorId = useId();
  const code = digits.join("");
  const complete = code.length === limits.otpLength;

  const cancelPending = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancelPending, [cancelPending]);

  const verify = (value: string) => {
    cancelPending();
    lastAttempt.current = value;
    onVerify(value).catch(() => undefined);
  };

  const onChange = (next: string[]) => {
    cancelPending();
    setDigits(next);
  };

  const onGroupBlur = () => {
    // Leaving the boxes with a complete, not yet tried code verifies it after a pause.
    if (!complete || verifying || code === lastAttempt.current) return;
    cancelPending();
    timer.current = setTimeout(() => verify(code), limits.otpVerifyDebounceMs);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !verifying) verify(code);
  };

  const onResendClick = () => {
    cancelPending();
    onResend().catch(() => {
      lastAttempt.current = null;
      setDigits(emptyOtp());
    });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography id={labelId} component="p" sx={{ mb: 1 }}>
        {intro}
      </Typography>
      <OtpInput
        digits={digits}
        onChange={onChange}
        onGroupBlur={onGroupBlur}
        onGroupFocus={cancelPending}
        disabled={verifying}
        invalid={Boolean(error)}
        labelledBy={labelId}
        describedBy={error ? errorId : undefined}
        autoFocus
      />
      {error ? (
        <Alert severity="error" id={errorId} sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" fullWidth size="large" disabled={!complete || verifying}>
        Confirm code
      </Button>
      <Box sx={{ display: "flex", justifyContent: "space-between", mt: 2 }}>
        <Link component="button" type="button" onClick={onResendClick} disabled={resending}>
          Resend code
        </Link>
        <Link href={`mailto:${supportEmail}`}>Contact</Link>
      </Box>
    </Box>
  );
};
