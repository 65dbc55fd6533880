import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dailyReportFixture } from "../../../test-fixtures";
import { jsonResponse, renderWithProviders, stubFetch } from "../../../test-utils";
import { logItem } from "../report-fixture";
import { DayDetails } from "./day-details";

const programId = "33333333-3333-4333-8333-333333333333";
const userId = "44444444-4444-4444-8444-444444444444";

describe("the patient dashboard's day view", { timeout: 20_000 }, () => {
  it("writes step counts and minutes with the reader's thousands separator (6,394 steps for en-GB)", async () => {
    stubFetch({
      [`GET /api/v1/pro-dashboard/projects/${programId}/users/${userId}/reports/2026-03-02`]: () =>
        jsonResponse(
          200,
          dailyReportFixture("2026-03-02", {
            steps: [
              logItem({ logId: "s1", logClass: "ACTIVITY", logTypeId: null, level: null, data: { steps: 6394 } }),
              logItem({ logId: "s2", logClass: "ACTIVITY", logTypeId: null, level: null, data: { steps: 1 } }),
            ],
            activities: [
              logItem({
                logId: "a1",
                logClass: "ACTIVITY",
                logTypeId: null,
                level: null,
                data: { activityType: "Cycling", durationMinutes: 1200 },
              }),
            ],
          }),
        ),
    });
    renderWithProviders(<DayDetails programId={programId} userId={userId} date="2026-03-02" symptomName={() => ""} />);
    await screen.findByText("6,394 steps");
    screen.getByText("1 step");
    screen.getByText("Cycling · 1,200 min");
    expect(screen.queryByText(/6394/)).toBeNull();
  });
});
