/** Staff invitation links (brief D, migration 0014): one-time, hashed, 7 days, the agency's own staff only. */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:test";
import { call, createAgent, createUser, signIn, uniqueEmail } from "./fixtures";
import { expectStatus, staffOf } from "./catalogue-fixtures";
import type { StaffInvitation } from "../../src/contract/invitations";

const NEW_PASSWORD = "Welcome2026";

async function agency() {
  const agent = await createAgent();
  return { id: agent.id, token: (await signIn("Agent", agent.email)).token };
}

async function invite(token: string, email = uniqueEmail("invited")) {
  const answer = (await expectStatus(await call("POST", "/agents/staff/invite", { token, body: { name: "Invited Staff", email } }), 201)) as StaffInvitation;
  return { ...answer, email, link: answer.path.split("#")[1] as string };
}

describe("staff invitation links", { timeout: 60_000 }, () => {
  it("an agency invites a staff user; the link names them, sets a password once, and they can sign in with it", async () => {
    const owner = await agency();
    const invited = await invite(owner.token);
    expect(invited.path).toMatch(/^\/en\/invite\/#[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(invited.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the hash is kept.
    const stored = await env.DB.prepare("SELECT token_hash FROM staff_invitations WHERE user_id = ?").bind(invited.user._id).first<{ token_hash: string }>();
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(invited.link);
    // Before accepting, nobody can sign in as the invitee.
    expect((await call("POST", "/auth/loginAgent", { body: { email: invited.email, password: NEW_PASSWORD } })).status).toBe(401);

    const info = await expectStatus(await call("POST", "/auth/invitation", { body: { token: invited.link } }), 200);
    expect(info).toMatchObject({ email: invited.email, name: "Invited Staff", agency: "Test Travel" });
    expect(await expectStatus(await call("POST", "/auth/accept-invitation", { body: { token: invited.link, password: NEW_PASSWORD } }), 200)).toEqual({ email: invited.email });
    const login = await signIn("Agent", invited.email, NEW_PASSWORD);
    expect(login.body.kind).toBe("User");

    // Single use: the same link again is refused and changes nothing.
    const again = await call("POST", "/auth/accept-invitation", { body: { token: invited.link, password: "Another2026" } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("INVITATION_USED");
    expect((await call("POST", "/auth/invitation", { body: { token: invited.link } })).status).toBe(409);
    await signIn("Agent", invited.email, NEW_PASSWORD);
  });

  it("an expired link is refused with its own code and sets no password", async () => {
    const owner = await agency();
    const invited = await invite(owner.token);
    await env.DB.prepare("UPDATE staff_invitations SET expires_at = ? WHERE user_id = ?").bind(new Date(Date.now() - 1000).toISOString(), invited.user._id).run();
    const refused = await call("POST", "/auth/accept-invitation", { body: { token: invited.link, password: NEW_PASSWORD } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("INVITATION_EXPIRED");
    expect((await call("POST", "/auth/loginAgent", { body: { email: invited.email, password: NEW_PASSWORD } })).status).toBe(401);
  });

  it("a new link for the same user retires the older one; an unknown or malformed token is a 404 or 400", async () => {
    const owner = await agency();
    const first = await invite(owner.token);
    const second = await expectStatus(await call("POST", `/agents/staff/${first.user._id}/invite`, { token: owner.token }), 201);
    expect((await call("POST", "/auth/invitation", { body: { token: first.link } })).status).toBe(409);
    expect((await call("POST", "/auth/invitation", { body: { token: second.path.split("#")[1] } })).status).toBe(200);
    expect((await call("POST", "/auth/invitation", { body: { token: "A".repeat(43) } })).status).toBe(404);
    const malformed = await call("POST", "/auth/accept-invitation", { body: { token: "short", password: "x" } });
    expect(malformed.status).toBe(400);
    const text = JSON.stringify(await malformed.json());
    expect(text).toContain("token");
    expect(text).toContain("password");
  });

  it("another agency's staff user is a 404; staff cannot invite; an email in use is a 409", async () => {
    const owner = await agency();
    const other = await agency();
    const staffOfOwner = await createUser(owner.id);
    expect((await call("POST", `/agents/staff/${staffOfOwner.id}/invite`, { token: other.token })).status).toBe(404);
    const staffToken = await staffOf(owner.id);
    expect((await call("POST", "/agents/staff/invite", { token: staffToken, body: { name: "Nope Staff", email: uniqueEmail("nope") } })).status).toBe(403);
    expect((await call("POST", `/agents/staff/${staffOfOwner.id}/invite`, { token: staffToken })).status).toBe(403);
    expect((await call("POST", "/agents/staff/invite", { token: owner.token, body: { name: "Dup Staff", email: staffOfOwner.email } })).status).toBe(409);
  });

  it("a link of a disabled staff user or agency no longer works", async () => {
    const owner = await agency();
    const invited = await invite(owner.token);
    await expectStatus(await call("PATCH", `/agents/staff/${invited.user._id}`, { token: owner.token, body: { enabled: false } }), 200);
    expect((await call("POST", "/auth/accept-invitation", { body: { token: invited.link, password: NEW_PASSWORD } })).status).toBe(403);
  });
});
