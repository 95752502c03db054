/**
 * The FCM HTTP v1 sender against a local fake on loopback (Firebase's servers are the one thing we fake): the fake
 * token endpoint verifies the RS256 assertion with the service account's public key and its claims; the fake FCM
 * endpoint checks the bearer and the message body.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { generateKeyPairSync, createVerify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFcmSender, parseServiceAccount } from "../../functions/hub/fcm";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
let server: Server;
let base = "";
const seen: { tokenRequests: number; messages: Record<string, any>[] } = { tokenRequests: 0, messages: [] };

const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
  let text = "";
  req.on("data", (c) => (text += c));
  req.on("end", () => resolve(text));
});
const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8"));

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await read(req);
    if (req.url === "/token") {
      const form = new URLSearchParams(body);
      const [head, claims, signature] = (form.get("assertion") ?? "").split(".");
      const verifier = createVerify("RSA-SHA256");
      verifier.update(`${head}.${claims}`);
      const valid = verifier.verify(publicKey, Buffer.from(signature ?? "", "base64url"));
      const c = decode(claims!);
      const ok = valid && form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer" && decode(head!).alg === "RS256"
        && c.iss === "push@demo.iam.gserviceaccount.com" && c.aud === `${base}/token` && c.scope === "https://www.googleapis.com/auth/firebase.messaging" && c.exp - c.iat <= 3600;
      seen.tokenRequests++;
      res.writeHead(ok ? 200 : 401, { "Content-Type": "application/json" });
      return res.end(JSON.stringify(ok ? { access_token: "fake-access", expires_in: 3600 } : { error: "invalid_grant" }));
    }
    if (req.url === "/v1/projects/demo-project/messages:send" && req.headers.authorization === "Bearer fake-access") {
      const message = JSON.parse(body).message;
      seen.messages.push(message);
      if (message.token === "gone") {
        res.writeHead(404, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ error: { status: "NOT_FOUND", details: [{ errorCode: "UNREGISTERED" }] } }));
      }
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(JSON.stringify({ name: "projects/demo-project/messages/1" }));
    }
    res.writeHead(403).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const account = () => parseServiceAccount(JSON.stringify({ project_id: "demo-project", client_email: "push@demo.iam.gserviceaccount.com", private_key: pem, token_uri: `${base}/token` }))!;
const message = {
  notification: { title: "الطلب VR-2026-000001: تمت الموافقة", body: "Ahmed", icon: "/favicon.svg" },
  data: { type: "request.updated" as const, value: JSON.stringify({ requestId: "r1", status: "Approved" }), color: "#dcfce7" },
};

describe("FCM HTTP v1 sender", () => {
  it("signs an assertion the token endpoint verifies, then sends the message with string data values", async () => {
    const sender = createFcmSender({ serviceAccount: account(), fcmEndpoint: base });
    expect(await sender.send("device-1", message)).toBe("sent");
    const sent = seen.messages.at(-1)!;
    expect(sent).toEqual({
      token: "device-1",
      notification: { title: message.notification.title, body: "Ahmed" },
      data: { type: "request.updated", value: message.data.value, color: "#dcfce7" },
      webpush: { notification: { icon: "/favicon.svg" } },
    });
    expect(Object.values(sent.data).every((v) => typeof v === "string")).toBe(true);
  });

  it("reuses the access token while it is valid", async () => {
    const sender = createFcmSender({ serviceAccount: account(), fcmEndpoint: base });
    const before = seen.tokenRequests;
    await sender.send("device-2", message);
    await sender.send("device-3", message);
    expect(seen.tokenRequests - before).toBe(1);
  });

  it("reports a device FCM no longer knows, so its token can be dropped", async () => {
    const sender = createFcmSender({ serviceAccount: account(), fcmEndpoint: base });
    expect(await sender.send("gone", message)).toBe("unregistered");
  });

  it("an assertion signed with another key is refused by the token endpoint", async () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const sender = createFcmSender({ serviceAccount: { ...account(), private_key: other }, fcmEndpoint: base });
    await expect(sender.send("device-4", message)).rejects.toThrow(/401/);
  });

  it("is off without a service account, and refuses PKCS#1 keys with a clear message", async () => {
    expect(parseServiceAccount(undefined)).toBeNull();
    expect(parseServiceAccount("")).toBeNull();
    const pkcs1 = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const sender = createFcmSender({ serviceAccount: { ...account(), private_key: pkcs1 }, fcmEndpoint: base });
    await expect(sender.assertion()).rejects.toThrow(/PKCS#8/);
  });
});
