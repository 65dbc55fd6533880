import { authApi, type CurrentUser } from "@openpro/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall, type CallOptions } from "../../lib/http";
import { currentUserQueryKey } from "../../lib/session";
import type { TokenPair } from "../../lib/tokens";

type Body<E> = NonNullable<CallOptions<E> extends { body?: infer B } ? B : never>;

// The staff app's auth calls; the sign-in and the invitation (light entry) call through staff-sign-in-api.ts.

export const useVerifyLoginOtp = () =>
  useMutation({
    mutationFn: (otpCode: string) => apiCall(authApi.verifyLoginOtp, { body: { otpCode } }),
    meta: { errorFlow: "otp-verify", inlineErrors: true },
  });

export const useResendLoginOtp = () =>
  useMutation({
    mutationFn: () => apiCall(authApi.sendLoginOtp),
    meta: { errorFlow: "otp-resend" },
  });

export const useResetSendOtp = (meta: { inlineErrors?: boolean } = {}) =>
  useMutation({
    mutationFn: (email: string) => apiCall(authApi.resetSendOtp, { body: { email, scope: "clinical" } }),
    meta: { errorFlow: "otp-resend", ...meta },
  });

export const useResetVerifyOtp = () =>
  useMutation({
    mutationFn: (vars: { email: string; otpCode: string }) =>
      apiCall(authApi.resetVerifyOtp, { body: { ...vars, scope: "clinical" } }),
    meta: { errorFlow: "otp-verify", inlineErrors: true },
  });

export const useResetCodeCheck = () =>
  useMutation({
    mutationFn: (body: { email: string; resetCode: string }) => apiCall(authApi.resetCodeCheck, { body }),
    meta: { errorFlow: "reset-code-check", inlineErrors: true },
  });

export const useResetPassword = () =>
  useMutation({
    /**
     * A 6-digit code is the e-mailed one-time code (then sign in again); an 8-character one is the
     * reset code, whose answer signs the user in: it resolves with those tokens.
     */
    mutationFn: async (vars: {
      email: string;
      code: string;
      password: string;
      confirmPassword: string;
    }): Promise<TokenPair | null> => {
      const { email, code, password, confirmPassword } = vars;
      if (/^[0-9]{6}$/.test(code)) {
        await apiCall(authApi.resetWithOtp, { body: { email, otpCode: code, password, confirmPassword } });
        return null;
      }
      const { accessToken, refreshToken } = await apiCall(authApi.resetWithCode, {
        body: { resetCode: code, password, confirmPassword },
      });
      return { accessToken, refreshToken };
    },
    meta: { errorFlow: "password-change", inlineErrors: true },
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: Body<typeof authApi.changePassword>) => apiCall(authApi.changePassword, { body }),
    meta: { errorFlow: "password-change", inlineErrors: true },
  });

/**
 * After a password change every session has ended: the user signs in again with the new password,
 * scope clinical (document 1 §7), instead of being sent to the login page to type it once more.
 */
export const useSignBackIn = () =>
  useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiCall(authApi.login, { body: { ...body, scope: "clinical" } }),
    meta: { inlineErrors: true },
  });

export const useUpdateCurrentUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<typeof authApi.updateCurrent>) => apiCall(authApi.updateCurrent, { body }),
    onSuccess: (user: CurrentUser) => queryClient.setQueryData(currentUserQueryKey, user),
    meta: { inlineErrors: true },
  });
};
