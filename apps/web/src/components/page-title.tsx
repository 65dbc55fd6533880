import Typography from "@mui/material/Typography";
import { type ReactNode, useEffect } from "react";

/** The page's single h1; also sets the document title. */
export const PageTitle = ({ children, title }: { children: ReactNode; title?: string }) => {
  const text = title ?? (typeof children === "string" ? children : undefined);
  useEffect(() => {
    if (text) document.title = `${text} · OpenPRO`;
  }, [text]);
  return (
    <Typography variant="h1" sx={{ mb: 3 }}>
      {children}
    </Typography>
  );
};
