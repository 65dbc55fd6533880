import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { t } from "../../lib/patient-text";
import { fakeJwt, jsonResponse, renderWithProviders, stubFetch } from "../../test-utils";
import { readMeTokens } from "../session";
import { MeForgotPasswordPage } from "./me-forgot-password-page";

const NEW_PASSWORD = "Quiet-Orchard-Swing-77!";
const wrongCode = () =>
  jsonResponse(400, { statusCode: 400, message: "The code is incorrect", errorCode: "OTP_INCORRECT" });

describe("a patient who forgot their password (/me/forgot-password)", () => {
  it("e-mails a code, checks it, sets the new password with the checklist and opens the app", async () => {
    const accessToken = fakeJwt(Math.floor(Date.now() / 1000) + 900);
    let tries = 0;
    const fetchMock = stubFetch({
      "POST /api/v2/auth/reset_password/email/send_otp": () => jsonResponse(200, { message: "sent" }),
      "POST /api/v2/auth/reset_password/email/verify_otp": () =>
        ++tries === 1 ? wrongCode() : jsonResponse(200, { message: "ok" }),
      "POST /api/v2/auth/reset_password/email/reset": () =>
        jsonResponse(200, { message: "done", accessToken, refreshToken: "r1", userId: "p1" }),
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<MeForgotPasswordPage />, { route: "/me/forgot-password" });
    expect(await screen.findByRole("heading", { level: 1, name: t("forgotTitle") })).toBeTruthy();
    expect(screen.getByRole("link", { name: t("backToSignIn") }).getAttribute("href")).toBe("/me/login");

    await user.type(screen.getByRole("textbox", { name: new RegExp(t("email")) }), "grace@patients.test");
    await user.click(screen.getByRole("button", { name: t("sendCode") }));
    expect((await screen.findByRole("status")).textContent).toBe(t("codeSent", { email: "grace@patients.test" }));

    const code = screen.getByRole("textbox", { name: new RegExp(t("resetCode")) });
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: t("checkCode") }));
    expect(screen.getByText(t("resetCodeNeeded"))).toBeTruthy();
    await user.clear(code);
    await user.type(code, "123457");
    await user.click(screen.getByRole("button", { name: t("checkCode") }));
    expect((await screen.findByRole("alert")).textContent).toBe(t("resetCodeWrong"));
    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: t("checkCode") }));

    // The new password, with the staff reset's live checklist.
    const password = await screen.findByLabelText(new RegExp(`^${t("newPassword")}`));
    expect(screen.getByText(t("choosePassword"))).toBeTruthy();
    await user.type(password, NEW_PASSWORD);
    expect(document.querySelectorAll("#me-password-checklist li[data-met='true']").length).toBe(6);
    await user.type(screen.getByLabelText(new RegExp(`^${t("confirmPassword")}`)), "Something-else-1!");
    await user.click(screen.getByRole("button", { name: t("saveNewPassword") }));
    expect(screen.getByText(t("passwordMismatch"))).toBeTruthy();
    await user.clear(screen.getByLabelText(new RegExp(`^${t("confirmPassword")}`)));
    await user.type(screen.getByLabelText(new RegExp(`^${t("confirmPassword")}`)), NEW_PASSWORD);
    await user.click(screen.getByRole("button", { name: t("saveNewPassword") }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/me"));
    expect(readMeTokens()).toEqual({ accessToken, refreshToken: "r1" });
    const reset = fetchMock.mock.calls.find(([url]) => url === "/api/v2/auth/reset_password/email/reset");
    expect(JSON.parse(String(reset?.[1]?.body))).toEqual({
      email: "grace@patients.test",
      otpCode: "123456",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      scope: "patient",
    });
    const sent = fetchMock.mock.calls.find(([url]) => url === "/api/v2/auth/reset_password/email/send_otp");
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ email: "grace@patients.test", scope: "patient" });
  });

  it("starts at the code when opened from the e-mail, and says so when there were too many tries", async () => {
    stubFetch({
      "POST /api/v2/auth/reset_password/email/verify_otp": () =>
        jsonResponse(429, { statusCode: 429, message: "Too many", errorCode: "RATE_LIMITED" }),
    });
    const user = userEvent.setup();
    renderWithProviders(<MeForgotPasswordPage />, { route: "/me/forgot-password?email=grace%40patients.test" });
    const code = await screen.findByRole("textbox", { name: new RegExp(t("resetCode")) });
    expect(screen.getByRole("status").textContent).toBe(t("codeSent", { email: "grace@patients.test" }));
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: t("checkCode") }));
    expect((await screen.findByRole("alert")).textContent).toBe(t("tooManyTries"));
  });
});
