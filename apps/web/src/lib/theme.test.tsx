import MenuItem from "@mui/material/MenuItem";
import { ThemeProvider } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { theme } from "./theme";

/** WCAG relative luminance of #rrggbb, rgb(…) or rgba(…) (a translucent colour as drawn on white). */
const luminance = (colour: string) => {
  const hex = colour.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  const parts = hex ? hex.slice(1).map((h) => Number.parseInt(h, 16)) : (colour.match(/[\d.]+/g) ?? []).map(Number);
  const alpha = parts[3] ?? 1;
  const rgb = parts.slice(0, 3).map((v) => v * alpha + 255 * (1 - alpha));
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe("the staff app's theme", () => {
  it("keeps a read-only setting's helper text readable (axe colour contrast, 4.5:1)", () => {
    render(
      <ThemeProvider theme={theme}>
        <TextField label="Program name" disabled value="Heart" helperText="Set when the program was created" />
      </ThemeProvider>,
    );
    const helper = screen.getByText("Set when the program was created");
    expect(helper.className).toContain("Mui-disabled");
    const colour = getComputedStyle(helper).color;
    expect(colour).not.toBe("");
    expect(contrast(colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("lets a long choice list scroll after about nine items, at most 26rem tall (document 1 §9)", () => {
    render(
      <ThemeProvider theme={theme}>
        <TextField select label="Symptom" value="" slotProps={{ select: { open: true } }}>
          {Array.from({ length: 20 }, (_, i) => `Symptom ${i + 1}`).map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      </ThemeProvider>,
    );
    const paper = screen.getByRole("listbox").closest(".MuiPaper-root") as HTMLElement;
    expect(getComputedStyle(paper).maxHeight).toContain("26rem");
  });
});
