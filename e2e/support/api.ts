import { expect } from "vitest";
import type { MailCapture } from "./mail-capture.js";
import type { Product } from "./product.js";

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are read field by field in the journeys
  body: any;
}

/** The product's HTTP API over real HTTP, as the mobile app or a script would call it. */
export const apiClient = (product: Product, mail: MailCapture) => {
  const call = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<ApiAnswer> => {
    const response = await fetch(`${product.baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  /** Staff sign-in: password, then the code from the real SMTP capture; the access token. */
  const staffSignIn = async (email: string, password: string): Promise<string> => {
    const before = mail.mails.length;
    const login = await call("POST", "/api/v2/auth/login", { body: { email, password, scope: "clinical" } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // A code mail of an earlier sign-in (registration signs in too) may arrive after this one
    // started: try each code mail that comes, oldest first, until this sign-in's code fits.
    let from = before;
    for (let attempt = 0; attempt < 3; attempt++) {
      const codeMail = await mail.waitFor(email, /sign-in code/, from);
      from = mail.mails.indexOf(codeMail) + 1;
      const verified = await call("POST", "/api/v2/auth/signin/email/verify_otp", {
        token: login.body.accessToken,
        body: { otpCode: mail.codeIn(codeMail) },
      });
      if (verified.status === 200) return login.body.accessToken as string;
    }
    throw new Error(`No sign-in code for ${email} fitted its sign-in`);
  };

  /** Patient sign-in, as the app does it. */
  const patientSignIn = async (email: string, password: string): Promise<string> => {
    const login = await call("POST", "/api/v2/auth/login", { body: { email, password, scope: "patient" } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return login.body.accessToken as string;
  };

  return { call, staffSignIn, patientSignIn };
};
