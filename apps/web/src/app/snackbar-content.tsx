import { styled } from "@mui/material/styles";
import { MaterialDesignContent } from "notistack";

/** notistack's default colours fail WCAG AA with white text; use the theme's darker palette. */
const AccessibleContent = styled(MaterialDesignContent)(({ theme }) => ({
  "&.notistack-MuiContent-default": { backgroundColor: theme.palette.text.primary },
  "&.notistack-MuiContent-success": { backgroundColor: theme.palette.success.main },
  "&.notistack-MuiContent-error": { backgroundColor: theme.palette.error.main },
  "&.notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.main },
  "&.notistack-MuiContent-info": { backgroundColor: theme.palette.info.main },
}));

export const snackbarComponents = {
  default: AccessibleContent,
  success: AccessibleContent,
  error: AccessibleContent,
  warning: AccessibleContent,
  info: AccessibleContent,
};
