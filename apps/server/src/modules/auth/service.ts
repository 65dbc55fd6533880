/** The auth module as the routes and other modules see it. */
export * from "./password-reset.js";
export * from "./sessions.js";
export * from "./sign-in.js";
