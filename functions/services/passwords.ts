/**
 * Password hashing (DESIGN §3): PBKDF2-SHA-256, per-account salt, 100 000 iterations (the Workers maximum),
 * stored as "pbkdf2$<iterations>$<salt b64>$<hash b64>" so the cost can be raised later without a migration.
 */
const ITERATIONS = 100_000;
const encoder = new TextEncoder();

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `pbkdf2$${ITERATIONS}$${b64(salt)}$${b64(await derive(password, salt, ITERATIONS))}`;
}

/** A fixed hash to check against when the account does not exist, so both cases cost the same time. */
const DUMMY_HASH = "pbkdf2$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/** Constant-time comparison of the derived key; `stored` null means "no such account" (always false). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, iterations, salt, hash] = (stored ?? DUMMY_HASH).split("$");
  if (scheme !== "pbkdf2" || !iterations || !salt || !hash) return false;
  const expected = unb64(hash);
  const actual = await derive(password, unb64(salt), Number(iterations));
  if (actual.byteLength !== expected.byteLength) return false;
  const equal = crypto.subtle.timingSafeEqual(actual, expected);
  return stored !== null && equal;
}
