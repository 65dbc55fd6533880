import { type CurrentUser, messages } from "@openpro/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, stubFetch } from "../../../test-utils";
import { LoginForm } from "./login-form";

const user: CurrentUser = {
  id: "4f1c0d1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f",
  firstName: "Ann",
  lastName: "Lee",
  displayName: null,
  email: "ann@example.org",
  userRole: "clinician_team_member",
  scope: "clinical",
  permissions: ["view_projects"],
  passwordExpireDate: null,
  otpRequired: true,
  instructionsAcknowledged: true,
  language: null,
};

const submit = () => screen.getByRole("button", { name: "Log in" });

describe("the login form", () => {
  it("shows the required messages only after a submit attempt and sends nothing", async () => {
    const fetchMock = stubFetch({});
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={vi.fn()} />);
    expect(screen.queryByText(messages.required)).toBeNull();

    await userEvents.click(submit());
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(submit().hasAttribute("disabled")).toBe(true);

    await userEvents.type(screen.getByLabelText(/Email/), "not-an-email");
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
  });

  it("signs in with scope clinical when Enter is pressed", async () => {
    const onSignedIn = vi.fn();
    const fetchMock = stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user }),
    });
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={onSignedIn} />);
    await userEvents.type(screen.getByLabelText(/Email/), "Ann@Example.org");
    await userEvents.type(screen.getByLabelText(/Password/), "correct horse battery{Enter}");

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "ann@example.org",
      password: "correct horse battery",
      scope: "clinical",
    });
    expect(onSignedIn.mock.calls[0]![0]).toMatchObject({ accessToken: "a.b.c", user: { email: "ann@example.org" } });
  });

  it("shows the login failure message on 401", async () => {
    const onSignedIn = vi.fn();
    stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(401, { statusCode: 401, message: messages.loginFailed }),
    });
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={onSignedIn} />);
    await userEvents.type(screen.getByLabelText(/Email/), "ann@example.org");
    await userEvents.type(screen.getByLabelText(/Password/), "wrong password");
    await userEvents.click(submit());

    expect(await screen.findByText(messages.loginFailed)).toBeTruthy();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("puts the server's 422 field errors on the fields", async () => {
    stubFetch({
      "POST /api/v2/auth/login": () =>
        jsonResponse(422, {
          statusCode: 422,
          message: messages.validationFailed,
          errors: [{ field: "email", message: "This e-mail domain is not allowed" }],
        }),
    });
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={vi.fn()} />);
    await userEvents.type(screen.getByLabelText(/Email/), "ann@example.org");
    await userEvents.type(screen.getByLabelText(/Password/), "whatever{Enter}");
    expect(await screen.findByText("This e-mail domain is not allowed")).toBeTruthy();
  });
});
