/** Names of the session cookies of DESIGN §3, shared by the edge (guard, refresh) and the browser (session flags). */
export const AUTH_COOKIES = {
  accessToken: "auth.accessToken",
  refreshToken: "auth.refreshToken",
  isAdmin: "auth.isAdmin",
  kind: "auth.kind",
} as const;
