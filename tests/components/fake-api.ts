/**
 * A real HTTP server on loopback that plays the auth part of the API and the edge's cookie handling (DESIGN §3),
 * after the contract in src/contract/auth.ts. The happy-dom page is put on the server's origin, so the app's own
 * client (src/lib/api.ts, relative "/api") talks to it with real requests and real cookies.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { AdminRecord, AgentRecord, UserRecord } from "../../src/contract/auth";

export interface Hit {
  method: string;
  path: string;
  auth: string | undefined;
  cookie: string | undefined;
  body: unknown;
}

const now = "2026-11-22T10:00:00.000Z";

export const SUNRISE: AgentRecord = {
  _id: "agent-sunrise", email: "agent@sunrise.example", name: "Sunrise Travel", contactName: "Layla Ahmed",
  phone: "+964 750 123 4567", address: "Gulan Street 12", city: "Erbil", locale: "en", enabled: true,
  group: { _id: "group-gold", name: "Gold" }, balance: 250000, currency: "USD", createdAt: now, updatedAt: now,
};
export const STAFF: UserRecord = {
  _id: "user-staff", agentId: SUNRISE._id, email: "staff@sunrise.example", name: "Karwan Aziz", phone: null,
  locale: "ku", enabled: true, createdAt: now, updatedAt: now,
};
export const ADMIN: AdminRecord = { _id: "admin-1", email: "admin@visahub.example", name: "Platform Admin", locale: "en", createdAt: now, updatedAt: now };

type Kind = "Agent" | "User" | "Admin";
interface Account {
  password: string;
  kind: Kind;
  enabled: boolean;
  record: AgentRecord | UserRecord | AdminRecord;
}

export class FakeApi {
  server!: Server;
  origin = "";
  hits: Hit[] = [];
  /** Milliseconds every answer waits (to see pending states). */
  delay = 0;
  /** Access tokens the server still accepts. */
  tokens = new Map<string, { kind: Kind; email: string }>();
  accounts = new Map<string, Account>();

  reset(): void {
    this.hits = [];
    this.delay = 0;
    this.tokens.clear();
    this.accounts = new Map([
      [SUNRISE.email, { password: "Agent#2026", kind: "Agent", enabled: true, record: structuredClone(SUNRISE) }],
      [STAFF.email, { password: "Staff#2026", kind: "User", enabled: true, record: structuredClone(STAFF) }],
      [ADMIN.email, { password: "Admin#2026", kind: "Admin", enabled: true, record: structuredClone(ADMIN) }],
    ]);
  }

  async start(): Promise<void> {
    this.reset();
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        const body = raw ? JSON.parse(raw) : undefined;
        const path = new URL(req.url!, "http://x").pathname;
        this.hits.push({ method: req.method!, path, auth: req.headers.authorization, cookie: req.headers.cookie, body });
        setTimeout(() => this.answer(req, res, path, body), this.delay);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  apiHits(path: string): Hit[] {
    return this.hits.filter((hit) => hit.path === `/api/${path}`);
  }

  private json(res: ServerResponse, status: number, body: unknown, cookies: string[] = []): void {
    res.writeHead(status, { "Content-Type": "application/json", "Set-Cookie": cookies });
    res.end(body === undefined ? "" : JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, message: string, code: string): void {
    this.json(res, status, { statusCode: status, message, error: "Error", code, requestId: "req-test" });
  }

  private session(req: IncomingMessage): { kind: Kind; account: Account } | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const session = token ? this.tokens.get(token) : undefined;
    const account = session && this.accounts.get(session.email);
    return session && account ? { kind: session.kind, account } : null;
  }

  private agentOf(account: Account): AgentRecord {
    if (account.kind === "Agent") return account.record as AgentRecord;
    const { balance: _balance, currency: _currency, ...agent } = this.accounts.get(SUNRISE.email)!.record as AgentRecord;
    return agent;
  }

  private answer(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, string> | undefined): void {
    const route = `${req.method} ${path}`;
    if (route === "POST /api/auth/loginAgent" || route === "POST /api/auth/loginAdmin") {
      const admin = path.endsWith("Admin");
      const account = this.accounts.get(String(body?.email));
      if (!account || account.password !== body?.password || (account.kind === "Admin") !== admin) {
        return this.error(res, 401, "Credentials are not correct", "INVALID_CREDENTIALS");
      }
      if (!account.enabled) return this.error(res, 403, "This account is not enabled yet.", "ACCOUNT_DISABLED");
      const token = `token-${this.tokens.size + 1}`;
      this.tokens.set(token, { kind: account.kind, email: account.record.email });
      const cookies = [
        `auth.accessToken=${token}; Path=/; SameSite=Lax`,
        "auth.refreshToken=refresh-secret; Path=/; HttpOnly; SameSite=Lax",
        `auth.kind=${account.kind}; Path=/; SameSite=Lax`,
        ...(account.kind === "Admin" ? ["auth.isAdmin=1; Path=/; SameSite=Lax"] : []),
      ];
      const answer =
        account.kind === "Admin" ? { admin: account.record }
        : account.kind === "User" ? { user: account.record, agent: this.agentOf(account) }
        : { agent: account.record };
      return this.json(res, 200, { access_token: token, kind: account.kind, ...answer }, cookies);
    }
    if (/^POST \/api\/auth\/refresh(Agent|Admin)Token$/.test(route)) {
      // The refresh cookie (HttpOnly, sent by the browser) names the last sign-in here: it gets a new access token.
      const signedIn = [...this.tokens.values()].at(-1);
      if (!/auth\.refreshToken=refresh-secret/.test(req.headers.cookie ?? "") || !signedIn) return this.error(res, 401, "Session expired", "SESSION_EXPIRED");
      const token = `token-${this.tokens.size + 1}`;
      this.tokens.set(token, signedIn);
      return this.json(res, 200, { access_token: token }, [`auth.accessToken=${token}; Path=/; SameSite=Lax`]);
    }
    if (route === "POST /api/auth/logout") {
      const expired = ["auth.accessToken", "auth.refreshToken", "auth.kind", "auth.isAdmin"].map((name) => `${name}=; Path=/; Max-Age=0`);
      res.writeHead(204, { "Set-Cookie": expired });
      res.end();
      return;
    }
    if (route === "POST /api/agents/create") {
      if (this.accounts.has(String(body?.email))) return this.error(res, 409, "This email is already registered.", "EMAIL_TAKEN");
      const record: AgentRecord = {
        ...SUNRISE, _id: `agent-${Date.now()}`, email: String(body!.email), name: String(body!.name), contactName: String(body!.contactName),
        phone: String(body!.phone), address: body!.address || null, city: body!.city || null, locale: String(body!.locale), enabled: false,
        group: null, balance: 0,
      };
      this.accounts.set(record.email, { password: String(body!.password), kind: "Agent", enabled: false, record });
      return this.json(res, 201, record);
    }

    const session = this.session(req);
    if (!session) return this.error(res, 401, "Agent session expired", "SESSION_EXPIRED");
    const { kind, account } = session;
    if (route === "GET /api/auth/session") {
      if (kind === "Admin") return this.json(res, 200, { kind, admin: account.record });
      if (kind === "User") return this.json(res, 200, { kind, user: account.record, agent: this.agentOf(account) });
      return this.json(res, 200, { kind, agent: account.record });
    }
    if (route === "GET /api/agents/balance" && kind === "Agent") {
      const agent = account.record as AgentRecord;
      return this.json(res, 200, { balance: agent.balance, currency: agent.currency });
    }
    if (route === "GET /api/agents/currentAgentData" && kind !== "Admin") return this.json(res, 200, this.agentOf(account));
    if (route === "GET /api/Users/currentUserData" && kind === "User") {
      return this.json(res, 200, { user: account.record, agent: this.agentOf(account) });
    }
    if ((route === "PATCH /api/agents" && kind === "Agent") || (route === "PATCH /api/Users" && kind === "User")) {
      const { currentPassword, newPassword, ...profile } = body ?? {};
      if (newPassword) {
        if (currentPassword !== account.password) return this.error(res, 400, "The current password is not correct.", "WRONG_PASSWORD");
        account.password = newPassword;
      }
      Object.assign(account.record, profile);
      return this.json(res, 200, account.record);
    }
    return this.error(res, 404, `Not found: ${route}`, "NOT_FOUND");
  }
}

/** happy-dom's test API (not in the DOM typings). */
type HappyDOMWindow = { happyDOM: { setURL(url: string): void } };

/** Puts the page at `path` on the fake API's origin, as a navigation would. */
export function openPage(api: FakeApi, path: string): void {
  (window as unknown as HappyDOMWindow).happyDOM.setURL(`${api.origin}${path}`);
  const locale = path.split("/")[1] ?? "en";
  document.documentElement.dataset.locale = locale;
  document.documentElement.lang = locale === "ku" ? "ckb" : locale;
  document.documentElement.dir = locale === "en" ? "ltr" : "rtl";
}

/** Forgets every cookie and sessionStorage entry of the page. */
export function clearBrowserState(): void {
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  sessionStorage.clear();
}

/** The error line tied to a control (through aria-describedby), as a screen reader would announce it; null if none. */
export function fieldError(name: string): string | null {
  const control = document.querySelector(`[name="${name}"]`);
  for (const describedBy of control?.getAttribute("aria-describedby")?.split(/\s+/) ?? []) {
    const element = describedBy ? document.getElementById(describedBy) : null;
    if (element?.hasAttribute("data-field-error")) return element.textContent;
  }
  return null;
}
