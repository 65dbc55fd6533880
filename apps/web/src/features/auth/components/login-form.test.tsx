import { messages } from "@openpro/core";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { browserAutofillCleared, browserAutofills } from "../../../lib/autofill-testing";
import { signedInStaffUser } from "../../../test-fixtures";
import { jsonResponse, stubFetch } from "../../../test-utils";
import { LoginForm } from "./login-form";

/** Ann Lee, with a sign-in code pending. */
const user = signedInStaffUser({ otpRequired: true });

const submit = () => screen.getByRole("button", { name: "Log in" });

describe("the login form", () => {
  it("waits for a change, then shows the messages only after a submit attempt and sends nothing", async () => {
    const fetchMock = stubFetch({});
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={vi.fn()} />);
    // Untouched: Log in is disabled (document 1 §5, decision 031).
    expect(submit()).toHaveProperty("disabled", true);

    // A change enables it; the e-mail is not valid yet, but nothing says so before the first press.
    await userEvents.type(screen.getByLabelText(/Email/), "not-an-email");
    expect(submit()).toHaveProperty("disabled", false);
    expect(screen.queryByText(messages.invalidEmail)).toBeNull();
    expect(screen.queryByText(messages.required)).toBeNull();

    await userEvents.click(submit());
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(screen.getByText(messages.required)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // Errors shown: disabled until they are fixed, the messages following each change.
    expect(submit()).toHaveProperty("disabled", true);
    await userEvents.clear(screen.getByLabelText(/Email/));
    expect(await screen.findAllByText(messages.required)).toHaveLength(2);
    await userEvents.type(screen.getByLabelText(/Email/), "ann@example.org");
    await userEvents.type(screen.getByLabelText(/Password/), "x");
    expect(screen.queryByText(messages.required)).toBeNull();
    expect(submit()).toHaveProperty("disabled", false);
  });

  it("signs in with one press when the browser filled saved credentials without a change event", async () => {
    const onSignedIn = vi.fn();
    const fetchMock = stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user }),
    });
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={onSignedIn} />);
    expect(submit()).toHaveProperty("disabled", true);

    browserAutofills(screen.getByLabelText(/Email/), "Ann@Example.org");
    browserAutofills(screen.getByLabelText(/Password/), "correct horse battery");
    expect(submit()).toHaveProperty("disabled", false);
    await userEvents.click(submit());

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: "ann@example.org",
      password: "correct horse battery",
      scope: "clinical",
    });
  });

  it("enables Log in over a filled form whose values the browser keeps from scripts until the first press", async () => {
    const onSignedIn = vi.fn();
    const fetchMock = stubFetch({
      "POST /api/v2/auth/login": () => jsonResponse(200, { accessToken: "a.b.c", refreshToken: "r", user }),
    });
    const userEvents = userEvent.setup();
    render(<LoginForm onSignedIn={onSignedIn} />);
    const email = screen.getByLabelText(/Email/) as HTMLInputElement;
    const password = screen.getByLabelText(/Password/) as HTMLInputElement;
    // Chrome shows the saved credentials but gives scripts an empty value until the person interacts.
    browserAutofills(email, "");
    browserAutofills(password, "");
    expect(submit()).toHaveProperty("disabled", false);
    // The press is that interaction: the browser now shows the values, still without a change event.
    email.value = "ann@example.org";
    password.value = "correct horse battery";
    await userEvents.click(submit());

    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      email: "ann@example.org",
      password: "correct horse battery",
    });
  });

  it("counts a fill the person then undid as no change", async () => {
    stubFetch({});
    render(<LoginForm onSignedIn={vi.fn()} />);
    const email = screen.getByLabelText(/Email/);
    browserAutofills(email, "");
    expect(submit()).toHaveProperty("disabled", false);
    browserAutofillCleared(email);
    expect(submit()).toHaveProperty("disabled", true);
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
