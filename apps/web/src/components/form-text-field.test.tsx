import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test-utils";
import { FormTextField, roundAndClamp } from "./form-text-field";

const WeeksForm = () => {
  const form = useForm<{ weeks: string }>({ defaultValues: { weeks: "" } });
  return (
    <form>
      <FormTextField
        control={form.control}
        name="weeks"
        label="Participation period (weeks)"
        type="number"
        numberRule={{ decimals: 0, min: 1, max: 520 }}
      />
    </form>
  );
};

describe("a number input (document 1 §5)", () => {
  it("rounds to its decimals and clamps to min and max", () => {
    expect(roundAndClamp("12.6", { decimals: 0, min: 1, max: 520 })).toBe("13");
    expect(roundAndClamp("38.26", { decimals: 1 })).toBe("38.3");
    expect(roundAndClamp("900", { min: 1, max: 520 })).toBe("520");
    expect(roundAndClamp("0", { min: 1 })).toBe("1");
    expect(roundAndClamp("", { min: 1 })).toBe("");
    expect(roundAndClamp("abc", { min: 1 })).toBe("abc");
  });

  it("settles the typed value when the field is left", async () => {
    const user = userEvent.setup();
    renderWithProviders(<WeeksForm />);
    const weeks = screen.getByLabelText("Participation period (weeks)") as HTMLInputElement;
    await user.type(weeks, "900");
    await user.tab();
    expect(weeks.value).toBe("520");
    await user.clear(weeks);
    await user.type(weeks, "2.4");
    await user.tab();
    expect(weeks.value).toBe("2");
  });
});
