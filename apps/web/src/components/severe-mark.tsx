import Typography from "@mui/material/Typography";

/** "(severe)" after a symptom of a dangerous grade, in red and bold, where the program shows red flags. */
export const SevereMark = () => (
  <Typography component="span" sx={{ color: "error.main", fontWeight: 600 }}>
    {" "}
    (severe)
  </Typography>
);
