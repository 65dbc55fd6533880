import { describe, expect, it } from "vitest";
import { demoProgramId, inviteToProgramTeam, useProduct } from "./support/journey.js";
import { DEMO_PASSWORD } from "./support/journeys.js";

/**
 * Security issue 29 §2 as a hospital's security officer would try it, over HTTP on the running
 * product: Lakeside's team takes Northbridge's Clinical Program Admin into one of its programs as a
 * Clinical team member (invited, and accepted); in that program they are refused each of the five
 * things their account may do in their own hospital's programs.
 */
describe("a Clinical Program Admin of one hospital, a nurse in another's program", () => {
  const journey = useProduct({ browser: false });
  const { call, staffSignIn } = journey;

  it("is refused the identifiable export, a patient's data, erasure, the audit log and the FHIR export there", async () => {
    const superadmin = await staffSignIn("superadmin@openpro.demo", DEMO_PASSWORD);
    const lakesideProgram = await demoProgramId(call, superadmin, "Colorectal Chemotherapy PRO");
    const patients = await call("GET", `/api/v1/admin/projects/${lakesideProgram}/users?statuses=CONSENTED`, {
      token: superadmin,
    });
    expect(patients.status).toBe(200);
    const patientId = patients.body.results[0].id as string;

    // Lakeside's program team takes Northbridge's admin as a Clinical team member.
    const guestEmail = "clinical.admin@openpro.demo";
    const code = await inviteToProgramTeam(journey, superadmin, lakesideProgram, {
      firstName: "Nora",
      lastName: "Guest",
      email: guestEmail,
      role: "clinician_team_member",
    });
    const guest = await staffSignIn(guestEmail, DEMO_PASSWORD);
    const me = await call("GET", "/api/v1/current", { token: guest });
    const accepted = await call("POST", "/api/v1/auth/staff-invite", {
      token: guest,
      body: { userId: me.body.id, code },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // The team list shows the role that applies, and so do the guest's permissions there.
    const team = await call("GET", `/api/v1/admin/projects/${lakesideProgram}/staff`, { token: superadmin });
    expect(JSON.stringify(team.body)).toContain("clinician_team_member");
    const asSeen = await call("GET", `/api/v1/admin/projects/${lakesideProgram}`, { token: guest });
    expect(asSeen.status).toBe(200);
    expect(asSeen.body.myPermissions).toContain("view_project_users");
    expect(asSeen.body.myPermissions).not.toContain("export_project_data_identifiable");

    const refused = [
      await call("POST", `/api/v1/admin/projects/${lakesideProgram}/data-exports`, {
        token: guest,
        body: { format: "csv", anonymised: false },
      }),
      await call("GET", `/api/v1/admin/projects/${lakesideProgram}/users/${patientId}/data-export`, { token: guest }),
      await call("GET", `/api/v1/admin/projects/${lakesideProgram}/users/${patientId}/erasure`, { token: guest }),
      await call("GET", `/api/v1/admin/audit?projectId=${lakesideProgram}`, { token: guest }),
      await call("GET", `/fhir/R4/Group/${lakesideProgram}/$export`, { token: guest }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);

    // As a nurse of that program, they still see its patients.
    const list = await call("GET", `/api/v1/admin/projects/${lakesideProgram}/users`, { token: guest });
    expect(list.status).toBe(200);
  });
});
