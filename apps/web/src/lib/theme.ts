import { createTheme } from "@mui/material/styles";

const focusRing = "#1d4f91";

/**
 * A calm clinical theme. Every text/background pair used here meets WCAG AA (4.5:1):
 * primary #1d4f91 on white ≈ 8.5:1, secondary #00695c ≈ 6.6:1, error #b3261e ≈ 6.5:1,
 * text.secondary #4a5563 on #f5f7fa ≈ 7:1.
 */
export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#1d4f91", dark: "#143a6c", light: "#3f6fb0", contrastText: "#ffffff" },
    secondary: { main: "#00695c", contrastText: "#ffffff" },
    error: { main: "#b3261e" },
    warning: { main: "#8a5300" },
    success: { main: "#1b6e2a" },
    info: { main: "#0b5c8a" },
    text: { primary: "#1b2430", secondary: "#4a5563" },
    background: { default: "#f5f7fa", paper: "#ffffff" },
    divider: "#d5dbe3",
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: "1.75rem", fontWeight: 600, lineHeight: 1.3 },
    h2: { fontSize: "1.35rem", fontWeight: 600, lineHeight: 1.35 },
    h3: { fontSize: "1.1rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        "*:focus-visible": { outline: `3px solid ${focusRing}`, outlineOffset: 2 },
        ".visually-hidden": {
          position: "absolute",
          width: 1,
          height: 1,
          padding: 0,
          margin: -1,
          overflow: "hidden",
          clip: "rect(0 0 0 0)",
          whiteSpace: "nowrap",
          border: 0,
        },
      },
    },
    // MUI's buttons, tabs, menu and list items set `outline: 0` and showed keyboard focus by a tint
    // alone; every one draws the ring (WCAG 2.2 2.4.11/2.4.13). Inside scrolling tab bars and the
    // side menu, whose overflow clips, the ring is drawn inside the item.
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { "&.Mui-focusVisible": { outline: `3px solid ${focusRing}`, outlineOffset: 2 } } },
    },
    MuiTab: { styleOverrides: { root: { "&.Mui-focusVisible": { outlineOffset: -3 } } } },
    MuiListItemButton: { styleOverrides: { root: { "&.Mui-focusVisible": { outlineOffset: -3 } } } },
    MuiMenuItem: { styleOverrides: { root: { "&.Mui-focusVisible": { outlineOffset: -3 } } } },
    MuiLink: { defaultProps: { underline: "always" } },
    // A scrolling table clips its visually hidden header texts only as their containing block:
    // otherwise they sit where the wide table puts them and the page scrolls sideways on a phone.
    MuiTableContainer: { styleOverrides: { root: { position: "relative" } } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: "normal" } },
    // A read-only setting's helper text says what the field holds and why it cannot change: it
    // must stay readable. MUI greys it to 38 % black (about 2.6:1 on white, an axe contrast failure).
    // A long choice list scrolls after about nine items (document 1 §9: an overflow list's maximum
    // height is 26rem), never taller than the window leaves it.
    MuiMenu: { styleOverrides: { paper: { maxHeight: "min(26rem, calc(100% - 96px))" } } },
    MuiAutocomplete: { styleOverrides: { listbox: { maxHeight: "26rem" } } },
    MuiFormHelperText: {
      styleOverrides: { root: ({ theme }) => ({ "&.Mui-disabled": { color: theme.palette.text.secondary } }) },
    },
  },
});
