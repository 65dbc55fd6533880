import { describe, expect, it } from "vitest";
import { appointmentStatusText } from "./appointment-item";

describe("an appointment's status chip", () => {
  const today = "2026-11-27";

  it("does not call a day gone by Scheduled: no one recorded how it went", () => {
    expect(appointmentStatusText({ date: "2026-11-20", status: "SCHEDULED" }, today)).toEqual({
      label: "Past, outcome not recorded",
      colour: "warning",
    });
    expect(appointmentStatusText({ date: "2026-11-20", status: "CONFIRMED" }, today).label).toBe(
      "Past, outcome not recorded",
    );
  });

  it("keeps the recorded outcome of a past appointment, and Scheduled for today and later", () => {
    expect(appointmentStatusText({ date: "2026-11-20", status: "COMPLETED" }, today).label).toBe("Completed");
    expect(appointmentStatusText({ date: "2026-11-20", status: "CANCELLED" }, today).label).toBe("Cancelled");
    expect(appointmentStatusText({ date: today, status: "SCHEDULED" }, today).label).toBe("Scheduled");
    expect(appointmentStatusText({ date: "2026-12-01", status: "SCHEDULED" }, today).label).toBe("Scheduled");
  });
});
