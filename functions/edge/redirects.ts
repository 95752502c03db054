/**
 * Server-side route rules (spec §5): a rule may give a redirect target. An absolute target (another origin) is a
 * full redirect; a relative target is followed at the edge: the visitor gets the target page at once, without a
 * round trip, and the guard still applies to it. ":lang" stands for the locale prefix of the request.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status?: 301 | 302 | 307 | 308;
}

export const REDIRECT_RULES: readonly RedirectRule[] = [
  // Old and alternative addresses agents have bookmarked or typed.
  { from: "/:lang/home", to: "/:lang/" },
  { from: "/:lang/visas", to: "/:lang/visa" },
  { from: "/:lang/visa/list", to: "/:lang/visa" },
  { from: "/:lang/account", to: "/:lang/information" },
  { from: "/:lang/admin/dashboard", to: "/:lang/admin" },
  { from: "/:lang/wallet", to: "/:lang/transactions" },
  // The product's public status page lives outside the site.
  { from: "/status", to: "https://www.cloudflarestatus.com/", status: 302 },
];

export type RedirectDecision = { kind: "external"; location: string; status: number } | { kind: "follow"; path: string };

const isAbsolute = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);

function compile(rules: readonly RedirectRule[]) {
  for (const rule of rules) {
    if (!rule.from.startsWith("/")) throw new Error(`Redirect rule "${rule.from}" must start with /`);
    if (!isAbsolute(rule.to) && !rule.to.startsWith("/")) throw new Error(`Redirect target "${rule.to}" must be absolute or start with /`);
    // A followed rule that lands on another rule's source would loop or chain: refuse it at start.
    if (!isAbsolute(rule.to) && rules.some((other) => other.from.replace(/\/$/, "") === rule.to.replace(/\/$/, ""))) {
      throw new Error(`Redirect target "${rule.to}" is itself redirected`);
    }
  }
  return rules.map((rule) => ({
    rule,
    pattern: new RegExp(`^${rule.from.replace(/\/$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("/:lang", "/(en|ar|ku)")}/?$`),
  }));
}

export function createRedirects(rules: readonly RedirectRule[] = REDIRECT_RULES) {
  const compiled = compile(rules);
  return function decide(url: URL): RedirectDecision | null {
    for (const { rule, pattern } of compiled) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      const target = rule.to.replace(":lang", match[1] ?? "");
      if (isAbsolute(target)) return { kind: "external", location: target, status: rule.status ?? 301 };
      return { kind: "follow", path: target };
    }
    return null;
  };
}
