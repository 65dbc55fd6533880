import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test-utils";
import { PatientIdTypeFields, type SharedProgramValues } from "./program-fields";

const types = [
  { id: "nhs", name: "NHS number" },
  { id: "other", name: "Other" },
];

const IdTypeForm = ({
  offerNone,
  defaultPatientIdType = "",
}: {
  offerNone: boolean;
  defaultPatientIdType?: string;
}) => {
  const form = useForm<SharedProgramValues>({
    defaultValues: {
      name: "",
      patientProgramName: "",
      description: "",
      projectPeriod: "",
      populateNvAppointments: false,
      disabledNoteTypes: [],
      defaultPatientIdType,
      customPatientIdName: "",
    },
  });
  return (
    <form>
      <PatientIdTypeFields control={form.control} disabled={false} types={types} offerNone={offerNone} />
    </form>
  );
};

describe("the default patient identifier fields", () => {
  it("asks for the identifier's name only when it is Other", async () => {
    const user = userEvent.setup();
    renderWithProviders(<IdTypeForm offerNone />);
    expect(screen.queryByLabelText(/Patient identifier name/)).toBeNull();
    await user.click(screen.getByRole("combobox", { name: /Default patient identifier/ }));
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["None", "NHS number", "Other"]);
    await user.click(screen.getByRole("option", { name: "Other" }));
    expect(screen.getByLabelText(/Patient identifier name/)).toBeTruthy();
  });

  it("offers no None where a program already has an identifier", async () => {
    const user = userEvent.setup();
    renderWithProviders(<IdTypeForm offerNone={false} defaultPatientIdType="nhs" />);
    await user.click(screen.getByRole("combobox", { name: /Default patient identifier/ }));
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["NHS number", "Other"]);
  });
});
