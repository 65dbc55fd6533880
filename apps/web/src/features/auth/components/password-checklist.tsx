import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import { Box, Typography } from "@mui/material";
import { evaluateChecklist, passwordChecklist } from "@openpro/core";

/** The live password checklist of the account and reset screens (rules from core). */
export const PasswordChecklist = ({ password, id }: { password: string; id?: string }) => {
  const met = evaluateChecklist(password);
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
    </Box>
  );
};
