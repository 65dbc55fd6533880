import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import { Box, Typography } from "@mui/material";
import { evaluateChecklist, messages, passwordChecklist } from "@openpro/core";
import { usePasswordGuessable } from "../password-strength";

/**
 * The live password checklist of the account and reset screens (rules from core), and, once every
 * line is met, zxcvbn's verdict (loaded lazily) when the password is too easy to guess.
 */
export const PasswordChecklist = ({ password, id, email }: { password: string; id?: string; email?: string }) => {
  const met = evaluateChecklist(password);
  const guessable = usePasswordGuessable(password, email);
  return (
    <Box id={id} sx={{ mt: 1, mb: 1 }}>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600 }} id={id ? `${id}-heading` : undefined}>
        Your password must contain:
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-labelledby={id ? `${id}-heading` : undefined}>
        {passwordChecklist.map((item) => {
          const ok = met[item.id];
          return (
            <Box
              component="li"
              key={item.id}
              data-met={ok}
              sx={{
                display: "flex",
                alignItems: "center",
                gap: 1,
                color: ok ? "success.main" : "text.secondary",
                py: 0.25,
              }}
            >
              {ok ? (
                <CheckCircleIcon fontSize="small" aria-hidden="true" />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden="true" />
              )}
              <Typography variant="body2" component="span">
                {item.label}
                <span className="visually-hidden">{ok ? " (done)" : " (not yet)"}</span>
              </Typography>
            </Box>
          );
        })}
      </Box>
      <Typography
        variant="body2"
        role="status"
        data-testid="password-guessable"
        sx={{ color: "error.main", fontWeight: 600, minHeight: "1.5em", mt: 0.5 }}
      >
        {guessable ? messages.passwordTooCommon : ""}
      </Typography>
    </Box>
  );
};
