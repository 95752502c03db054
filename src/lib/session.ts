/**
 * The client-side session flags of spec §3–4, without any HTTP (the boot script of every page imports this, so it
 * stays tiny): the readable cookies of DESIGN §3 (access token, kind, admin flag) and the sessionStorage entries
 * `auth.user` and `auth.balance`. The actions that talk to the API live in session.store.ts.
 */
import type { SessionKindName } from "../contract/auth";
import type { CreditState } from "../contract/credit";
import { creditAtBalance } from "../shared/credit";
import { AUTH_COOKIES } from "../shared/auth-cookies";
import { deleteCookie, readCookie } from "./cookies";

export { AUTH_COOKIES };

export const STORAGE_KEYS = { user: "auth.user", balance: "auth.balance" } as const;

/** The balance as kept in sessionStorage: minor units of `currency` (DESIGN §5), and when it was read. */
export interface StoredBalance {
  balance: number;
  currency: string;
  /** The credit line as last read (issue 30): what is available and what is owed beside the balance. */
  credit?: CreditState;
  at: number;
}

/** The fields of the signed-in record that every kind has (agent, staff user or admin). */
export interface SessionUser {
  _id: string;
  email: string;
  name: string;
}

/** Spec §4: a person is signed in when an access token is present. */
export function isSignedIn(): boolean {
  return Boolean(readCookie(AUTH_COOKIES.accessToken));
}

/**
 * A session this tab can use: an access token, or (the token's cookie lapsed while the page was loading or open)
 * the kind cookie that says a refresh token exists, which the HTTP client's first call turns into a new token.
 */
export function hasSession(): boolean {
  return isSignedIn() || sessionKind() !== null;
}

/** The session kind the edge wrote at sign-in (its presence also says a refresh token exists). */
export function sessionKind(): SessionKindName | null {
  const kind = readCookie(AUTH_COOKIES.kind);
  return kind === "Agent" || kind === "Admin" || kind === "User" ? kind : null;
}

export function adminFlag(): boolean {
  const value = readCookie(AUTH_COOKIES.isAdmin);
  return value === "1" || value === "true";
}

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // Storage refused or a value that is not ours: treat it as absent.
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, quota): the session still works, it is just fetched again.
  }
}

export function storedUser<T extends SessionUser = SessionUser>(): T | null {
  const user = readJson<T>(STORAGE_KEYS.user);
  return user && typeof user === "object" && typeof user.name === "string" ? user : null;
}

export function storeUser(user: SessionUser | null): void {
  writeJson(STORAGE_KEYS.user, user);
}

export function storedBalance(): StoredBalance | null {
  const value = readJson<StoredBalance>(STORAGE_KEYS.balance);
  return value && typeof value.balance === "number" && typeof value.currency === "string" ? value : null;
}

/** Fired on window when the stored balance changed (a filing charged it, a cancel refunded it): the header redraws. */
export const BALANCE_EVENT = "auth:balance";

/** `announce: false` when the page already shows this balance (the edge drew the header with it). */
export function storeBalance(value: { balance: number; currency: string; credit?: CreditState | undefined } | null, { announce = true } = {}): void {
  // A balance without its credit state (a live message, a charge's answer) moves the credit state last read with it.
  const before = value && !value.credit ? storedBalance()?.credit : undefined;
  const credit = value?.credit ?? (before && value ? creditAtBalance(before, value.balance) : undefined);
  writeJson(STORAGE_KEYS.balance, value && { balance: value.balance, currency: value.currency, ...(credit ? { credit } : {}), at: Date.now() });
  if (announce && typeof window !== "undefined") window.dispatchEvent(new Event(BALANCE_EVENT));
}

/** Where each kind signs in again: staff users sign in where agents do (spec §4 names no page for them). */
export function loginPath(kind: SessionKindName | "agent" | "admin" | null, locale: string): string {
  return kind === "Admin" || kind === "admin" ? `/${locale}/admin/login/` : `/${locale}/login/`;
}

/**
 * Spec §4 logout, the local half: clears the access token, the user, the admin flag and the kind, but not the
 * balance. Answers the login page to go to. The refresh token is HttpOnly: only the server-side logout
 * (POST auth/logout, see signOut in session.store.ts) ends it.
 */
export function signOutLocally(kind: SessionKindName | "agent" | "admin" | null, locale: string): string {
  for (const name of [AUTH_COOKIES.accessToken, AUTH_COOKIES.isAdmin, AUTH_COOKIES.kind]) deleteCookie(name);
  storeUser(null);
  return loginPath(kind, locale);
}
