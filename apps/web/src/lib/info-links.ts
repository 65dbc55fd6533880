/** The Info menu and the public footer: instructions for use and the legal pages. */
export const infoLinks = [
  { to: "/instructions-for-use", label: "Instructions for use" },
  { to: "/key-terms", label: "Key terms" },
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/eula", label: "EULA" },
  { to: "/terms-and-conditions", label: "Terms and conditions" },
] as const;
