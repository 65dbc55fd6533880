import { describe, expect, it } from "vitest";
import { auditActionLabel } from "./audit-search";

describe("the audit log's What column", () => {
  it("says what happened in words, not the event code", () => {
    expect(auditActionLabel("patient.read")).toBe("Opened the patient's record");
    expect(auditActionLabel("program.member.add")).toBe("Added a team member");
    expect(auditActionLabel("alert.close")).toBe("Closed an alert");
    expect(auditActionLabel("auth.otp.verify")).toBe("Entered a sign-in code");
  });

  it("reads an event it does not know yet as words rather than its code", () => {
    expect(auditActionLabel("care_team.contact.archive")).toBe("Care team contact archive");
    expect(auditActionLabel("care_team.contact.archive")).not.toMatch(/[._]/);
  });
});
