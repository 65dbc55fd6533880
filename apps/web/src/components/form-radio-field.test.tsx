import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test-utils";
import { FormRadioField } from "./form-radio-field";

const options = [
  { value: "individual", label: "Individual e-mail invites" },
  { value: "public", label: "Public invite code" },
];

const InviteForm = ({ error, onValue }: { error?: string; onValue?: (value: string) => void }) => {
  const form = useForm<{ inviteMode: string }>({ defaultValues: { inviteMode: "individual" } });
  const value = form.watch("inviteMode");
  useEffect(() => {
    onValue?.(value);
  }, [value, onValue]);
  useEffect(() => {
    if (error) form.setError("inviteMode", { type: "server", message: error });
  }, [error, form]);
  return (
    <form>
      <FormRadioField
        control={form.control}
        name="inviteMode"
        legend="Invite mode"
        options={options}
        helperText="How patients join"
      />
    </form>
  );
};

describe("FormRadioField", () => {
  it("names its group by the legend and gives the form the chosen value", async () => {
    const user = userEvent.setup();
    const values: string[] = [];
    renderWithProviders(<InviteForm onValue={(value) => values.push(value)} />);
    const group = screen.getByRole("group", { name: "Invite mode" });
    expect(group.tagName).toBe("FIELDSET");
    expect((screen.getByRole("radio", { name: "Individual e-mail invites" }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Public invite code" }));
    expect(values.at(-1)).toBe("public");
    expect(screen.getByText("How patients join")).toBeTruthy();
  });

  it("shows the field's error in place of its helper text", async () => {
    renderWithProviders(<InviteForm error="Choose how patients join" />);
    expect(await screen.findByText("Choose how patients join")).toBeTruthy();
    expect(screen.queryByText("How patients join")).toBeNull();
  });
});
