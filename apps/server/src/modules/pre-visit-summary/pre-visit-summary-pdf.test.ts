import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertLog, insertVisit } from "../../../test/patient-data.js";
import { auditRows, consentedPatient } from "../../../test/patients.js";
import { pdfFonts } from "../../../test/pdf.js";
import { pdfAttachment } from "../../../test/pdf-download.js";
import { changePermissions, programWithStaff, uniqueMailDomain } from "../../../test/teams.js";
import { createTestApp, signIn, type TestApp } from "../../../test/test-app.js";

const NAUSEA = "10028813";

/**
 * Łucja Dvořák-Nguyễn takes part in Riverside Lung, a US program (month-first dates, New York's
 * clock). She saw the nurse on 1 March 2026; since then a grade-3 nausea with a note. Zoë, the
 * program's admin, downloads her pre-visit summary as a PDF on 12 March; Carl, a team member whose
 * permissions lack the report download, may read the summary on screen but not download it;
 * Omar, of another organisation, cannot reach her. Each story builds this world anew.
 */
describe("the pre-visit summary as a PDF", () => {
  let t: TestApp;
  const download = (token: string, programId: string, userId: string) =>
    t.request({
      method: "GET",
      url: `/api/v1/pro-dashboard/projects/${programId}/users/${userId}/pre-visit-summary/pdf`,
      token,
    });

  let n = 0;
  const lucjaSinceHerVisit = async () => {
    n++;
    const domain = uniqueMailDomain();
    t.clock.set("2026-02-01T15:00:00Z");
    const { programId: riverside, staff } = await programWithStaff(t, {
      organisation: `Riverside Health ${n}`,
      program: `Riverside Lung ${n}`,
      territory: "US",
      staff: {
        admin: { email: `zoe@${domain}`, role: "clinical_project_admin", firstName: "Zoë", lastName: "Ørsted" },
        clerk: { email: `carl@${domain}`, role: "clinical_project_admin" },
      },
    });
    await changePermissions(t, staff.clerk.id, { revoke: ["download_patient_report"] });
    await programWithStaff(t, {
      organisation: `Lakeside ${n}`,
      program: `Lakeside ${n}`,
      staff: { outsider: { email: `omar@lakeside-${domain}`, role: "clinical_project_admin" } },
    });
    const lucja = await consentedPatient(t, staff.admin.token, riverside, {
      firstName: "Łucja",
      lastName: "Dvořák-Nguyễn",
      email: `lucja@${domain}`,
    });
    const owner = { programId: riverside, patientId: lucja.userId };
    await insertVisit(t, owner, {
      date: "2026-03-01",
      startTime: "10:00",
      endTime: "10:30",
      startsAt: "2026-03-01T15:00:00Z",
      endsAt: "2026-03-01T15:30:00Z",
      createdBy: staff.admin.id,
      createdAt: "2026-02-20T10:00:00Z",
    });
    await insertLog(t, owner, {
      logClass: "SYMPTOMS",
      at: "2026-03-04T14:00:00+00:00",
      logTypeId: NAUSEA,
      grade: 3,
      note: "Żółć po śniadaniu",
    });
    t.clock.set("2026-03-12T15:00:00Z");
    const tokens = {
      admin: (await signIn(t, `zoe@${domain}`)).accessToken,
      clerk: (await signIn(t, `carl@${domain}`)).accessToken,
      outsider: (await signIn(t, `omar@lakeside-${domain}`)).accessToken,
    };
    return { riverside, lucjaId: lucja.userId, clerkId: staff.clerk.id, tokens };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("prints the patient's name exactly, the period in the territory's dates, the figures of the screen, and is audited", async () => {
    const { riverside, lucjaId, tokens } = await lucjaSinceHerVisit();
    const answer = await download(tokens.admin, riverside, lucjaId);
    const { pdf, text } = pdfAttachment(answer, "pre-visit-summary-dvorak-nguyen-2026-03-12.pdf");
    expect(pdf.subarray(0, 8).toString("latin1")).toBe("%PDF-1.7");
    expect(text).toContain("Pre-visit summary");
    expect(text).toContain("Łucja Dvořák-Nguyễn");
    expect(text).not.toContain("Lucja Dvorak-Nguyen");
    expect(text).toContain("Riverside Lung");
    expect(text).toContain("Period: March 1, 2026 to March 12, 2026");
    expect(text).toContain("Since the last visit: Nurse appointment, March 1, 2026");
    expect(text).toMatch(/Generated March 12, 2026 at 11:00\s?AM EDT by Zoë Ørsted/);
    // The danger-grade nausea, first on 4 March (month first), and her note in her words.
    expect(text).toMatch(/Nausea 3 03\/04\/2026 3/);
    expect(text).toContain("03/04/2026: Żółć po śniadaniu");
    expect(text).toContain("No alert in the period.");
    for (const font of pdfFonts(pdf)) expect(font).toMatchObject({ embedded: true, unicode: true });
    const raw = pdf.toString("latin1");
    expect(raw).toContain("<pdfaid:part>2</pdfaid:part>");
    expect(raw).toContain("<pdfaid:conformance>B</pdfaid:conformance>");
    const exports = await t.ctx.db
      .selectFrom("auditLog")
      .select(["programId", "patientId", "outcome", "details"])
      .where("action", "=", "patient.summary.export")
      .where("programId", "=", riverside)
      .execute();
    expect(exports).toEqual([
      {
        programId: riverside,
        patientId: lucjaId,
        outcome: "success",
        details: expect.objectContaining({ from: "2026-03-01", to: "2026-03-12", bytes: pdf.length }),
      },
    ]);
  });

  it("refuses a team member without the report download (403, audited), and answers 404 outside the program", async () => {
    const { riverside, lucjaId, clerkId, tokens } = await lucjaSinceHerVisit();
    const exportsBefore = (await auditRows(t, "patient.summary.export")).length;
    expect((await download(tokens.clerk, riverside, lucjaId)).statusCode).toBe(403);
    expect(await auditRows(t, "permission.refused")).toContainEqual(
      expect.objectContaining({ actorUserId: clerkId, outcome: "refused" }),
    );
    expect((await download(tokens.outsider, riverside, lucjaId)).statusCode).toBe(404);
    expect((await download(tokens.admin, riverside, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await download(tokens.admin, riverside, "not-a-uuid")).statusCode).toBe(404);
    // None of these wrote an export.
    expect(await auditRows(t, "patient.summary.export")).toHaveLength(exportsBefore);
  });
});
