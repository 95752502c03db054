// js-size: how much JavaScript each pre-rendered page in dist/ ships.
//
// For every dist/**/*.html we collect what the browser runs on load ("eager"):
//   - <script src> (module or classic) and <link rel="modulepreload">,
//   - inline <script> bodies (gzip of the inline text; they travel inside the HTML),
//   - Astro islands: component-url, renderer-url and before-hydration-url (except `client:interaction` islands,
//     which load on the visitor's first interaction: those count as lazy),
//   - the static imports of all of those, recursively (`import … from"./x.js"`, `import"./x.js"`,
//     `export … from"./x.js"`), each file counted once per page.
// Dynamic imports (`import("./x.js")`, also inside Vite's preload helper) are "lazy": listed apart, with
// their own static imports, and left out of the eager total. Files a page already loads eagerly are not
// counted again as lazy. A locale message chunk (en.*.js, ar.*.js, ku.*.js) is counted only on pages of
// its own locale, because that is the only one such a page ever requests.
//
// Sizes are reported raw and as gzip level 9: gzip is what actually travels over the wire, so it is the
// number to watch; raw bytes are what the browser has to parse.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Budgets of issue 9, gzip bytes of eager JS per page (every locale). A page's group comes from the attributes
 * Base.astro writes on <html>: data-route (the route id) and data-layout. New pages fall into their layout's
 * group, so the next islands get a budget without anyone editing this table. `npm run bench` exits non-zero
 * when a page is over.
 */
export const BUDGETS = [
  { group: "sign-in", test: ({ route }) => ["login", "register", "admin-login"].includes(route), gzip: 30_000 },
  { group: "admin", test: ({ layout }) => layout === "admin" || layout === "editor", gzip: 145_000 },
  { group: "agent", test: () => true, gzip: 80_000 },
];

/** The budget of a measured page. */
export const budgetOf = (row) => BUDGETS.find((b) => b.test({ route: row.detail.routeId, layout: row.detail.layout }));

/** Pages over their budget: [{ page, group, gzip, budget }]. */
export function overBudget(rows) {
  return rows
    .map((row) => ({ row, budget: budgetOf(row) }))
    .filter(({ row, budget }) => row.eagerGzip > budget.gzip)
    .map(({ row, budget }) => ({ page: row.page, group: budget.group, gzip: row.eagerGzip, budget: budget.gzip }));
}

const ORIGIN = "http://bench.invalid";
/** Island directives whose code is not loaded at start (src/lib/hydrate-on-interaction.ts). */
const DEFERRED_DIRECTIVES = new Set(["interaction"]);
// "text/x-after-paint": a module script the page requests once its first view is painted (scripts/build.mjs), still
// loaded at start.
const JS_SCRIPT_TYPES = new Set(["", "module", "text/x-after-paint", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"]);

/** Measure every HTML page under distDir. Returns one row per page, sorted by page path. */
export async function measureJsSize({ distDir }) {
  distDir = resolve(distDir);
  if (!existsSync(distDir) || !statSync(distDir).isDirectory()) {
    throw new Error(`${distDir} not found: run npm run build first`);
  }
  const htmlFiles = listFiles(distDir).filter((f) => f.endsWith(".html"));
  if (htmlFiles.length === 0) throw new Error(`no HTML pages in ${distDir}: run npm run build first`);

  // Locales are the top-level folders with their own index.html (dist/en/index.html, …).
  const locales = readdirSync(distDir).filter((d) => existsSync(join(distDir, d, "index.html")));
  const localeChunk = new RegExp(`^(${locales.map(escapeRegExp).join("|")})\\.[^/]*\\.m?js$`);

  const warnings = new Set();
  const modules = new Map(); // url path -> { raw, gzip, staticImports, dynamicImports } | null (missing)

  // Read, size and scan one JS file, once for the whole run.
  const loadModule = (urlPath) => {
    if (modules.has(urlPath)) return modules.get(urlPath);
    const file = join(distDir, ...decodeURIComponent(urlPath).split("/").filter(Boolean));
    let mod = null;
    if (!file.startsWith(distDir + sep) || !existsSync(file)) {
      warnings.add(`missing file for ${urlPath}`);
    } else {
      const buf = readFileSync(file);
      const imports = scanImports(buf.toString("utf8"), urlPath, warnings);
      mod = { raw: buf.length, gzip: gzipSize(buf), ...imports };
    }
    modules.set(urlPath, mod);
    return mod;
  };

  const rows = [];
  for (const htmlFile of htmlFiles) {
    const page = pageUrl(distDir, htmlFile);
    const locale = locales.find((l) => page === `/${l}/` || page.startsWith(`/${l}/`)) ?? null;
    const route = locale ? page.slice(locale.length + 1) : page;
    const html = readFileSync(htmlFile, "utf8");
    const { roots, inline } = scanHtml(html, page, warnings);
    const htmlTag = /<html\b([^>]*)>/i.exec(html);
    const htmlAttrs = htmlTag ? parseAttrs(htmlTag[1]) : {};

    // Eager: entry files plus everything they (and inline module scripts) import statically.
    const eager = new Set();
    const dynamicQueue = [...inline.dynamicImports];
    const walk = (url, into) => {
      if (eager.has(url) || into.has(url)) return;
      const mod = loadModule(url);
      if (!mod) return;
      into.add(url);
      for (const dep of mod.staticImports) walk(dep, into);
      dynamicQueue.push(...mod.dynamicImports);
    };
    for (const url of [...roots, ...inline.staticImports]) walk(url, eager);

    // Lazy: dynamic-import targets and their static imports, recursively, minus what is already eager.
    const lazy = new Set();
    while (dynamicQueue.length) {
      const url = dynamicQueue.shift();
      const m = localeChunk.exec(basename(url));
      if (m && locale && m[1] !== locale) continue; // another locale's messages: never requested here
      walk(url, lazy);
    }

    const detailOf = (url) => ({ name: url, raw: modules.get(url).raw, gzip: modules.get(url).gzip });
    const eagerList = [...eager].sort().map(detailOf);
    const lazyList = [...lazy].sort().map(detailOf);
    rows.push({
      page,
      eagerFiles: eagerList.length,
      eagerRaw: sum(eagerList, "raw") + inline.raw,
      eagerGzip: sum(eagerList, "gzip") + inline.gzip,
      lazyGzip: sum(lazyList, "gzip"),
      lazyChunks: lazyList.map((c) => c.name),
      detail: {
        locale,
        route,
        routeId: htmlAttrs["data-route"] ?? null,
        layout: htmlAttrs["data-layout"] ?? null,
        inlineScripts: inline.count,
        inlineRaw: inline.raw,
        inlineGzip: inline.gzip,
        lazyRaw: sum(lazyList, "raw"),
        eager: eagerList,
        lazy: lazyList,
      },
    });
  }

  for (const w of warnings) console.warn(`js-size: warning: ${w}`);
  return rows.sort((a, b) => cmp(a.page, b.page));
}

/** Markdown report: one row per route of the main locale (en), with min–max over all locales. */
export function formatJsSizeMarkdown(rows) {
  const locales = [...new Set(rows.map((r) => r.detail.locale).filter(Boolean))];
  const main = locales.includes("en") ? "en" : locales[0];
  const byRoute = new Map();
  for (const r of rows) {
    const key = r.detail.locale ? r.detail.route : r.page;
    if (!byRoute.has(key)) byRoute.set(key, []);
    byRoute.get(key).push(r);
  }

  const out = [];
  out.push("## JavaScript per page");
  out.push("");
  out.push(
    `Bytes of JS each pre-rendered page loads, gzip level 9 (what travels). "Eager" = script tags, inline scripts, ` +
      `island component/renderer URLs (except \`client:interaction\` islands, which load on the first interaction) and their static imports; "lazy" = dynamic imports (and their static imports) ` +
      `not already eager, with only the page's own locale messages. One row per route for \`${main}\`; the ` +
      `"all locales" columns give the min–max over ${locales.length} locales (${locales.join(", ")}).`,
  );
  out.push("");
  out.push(
    `Budgets (issue 9; \`npm run bench\` fails over them): ` +
      BUDGETS.map((b) => `${b.group} ${fmt(b.gzip)}`).join(" · ") +
      ` bytes gzip; sign-in = /login, /register, /admin/login; admin = admin and editor layouts; agent = the rest.`,
  );
  out.push("");
  out.push(`| Route | Budget | Eager files | Eager raw | Eager gzip | Eager gzip, all locales | Lazy gzip | Lazy gzip, all locales |`);
  out.push(`|---|---|--:|--:|--:|--:|--:|--:|`);
  for (const route of [...byRoute.keys()].sort(cmp)) {
    const group = byRoute.get(route);
    const r = group.find((x) => x.detail.locale === main) ?? group[0];
    const label = r.detail.locale ? `/${r.detail.locale}${route}` : route;
    out.push(
      `| \`${label}\` | ${budgetOf(r).group} ${fmt(budgetOf(r).gzip)}${group.some((x) => x.eagerGzip > budgetOf(x).gzip) ? " **OVER**" : ""} | ${r.eagerFiles}${r.detail.inlineScripts ? ` + ${r.detail.inlineScripts} inline` : ""} | ` +
        `${fmt(r.eagerRaw)} | ${fmt(r.eagerGzip)} | ${range(group, "eagerGzip")} | ${fmt(r.lazyGzip)} | ${range(group, "lazyGzip")} |`,
    );
  }
  out.push("");

  // Min/max over the pages that ship any JS (the others are counted below); ties name the main locale's page.
  const zero = rows.filter((r) => r.eagerRaw === 0 && r.lazyGzip === 0);
  const withJs = rows
    .filter((r) => !zero.includes(r))
    .sort((a, b) => (a.detail.locale === main ? 0 : 1) - (b.detail.locale === main ? 0 : 1));
  const pick = (k, better) => withJs.reduce((a, b) => (better(b[k], a[k]) ? b : a));
  const line = (label, k) => {
    const [lo, hi] = [pick(k, (x, y) => x < y), pick(k, (x, y) => x > y)];
    return `- ${label}: min ${fmt(lo[k])} (\`${lo.page}\`), max ${fmt(hi[k])} (\`${hi.page}\`)`;
  };
  out.push(`All ${rows.length} pages (${locales.join(", ")}):`);
  out.push("");
  if (withJs.length) out.push(line("eager gzip, pages with JS", "eagerGzip"), line("lazy gzip, pages with JS", "lazyGzip"));
  out.push(
    `- pages shipping 0 bytes of JS: ${zero.length} of ${rows.length}` +
      (zero.length ? ` (${zero.map((r) => `\`${r.page}\``).join(", ")})` : ""),
  );
  out.push("");

  const lazyChunks = new Map();
  for (const r of rows) {
    for (const c of r.detail.lazy) {
      if (!lazyChunks.has(c.name)) lazyChunks.set(c.name, { ...c, pages: 0 });
      lazyChunks.get(c.name).pages++;
    }
  }
  out.push("### Lazy chunks");
  out.push("");
  out.push("| Chunk | Raw | Gzip | Lazy on pages |");
  out.push("|---|--:|--:|--:|");
  for (const c of [...lazyChunks.values()].sort((a, b) => cmp(a.name, b.name))) {
    out.push(`| \`${basename(c.name)}\` | ${fmt(c.raw)} | ${fmt(c.gzip)} | ${c.pages} |`);
  }
  out.push("");
  return out.join("\n");
}

// ---------------------------------------------------------------------------------------------------------

// Scan HTML left to right; comments, <style> and script bodies are consumed whole so nothing inside them
// is mistaken for a tag.
const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const HTML_TOKEN = new RegExp(
  `<!--[\\s\\S]*?-->|<style\\b${ATTRS}>[\\s\\S]*?</style\\s*>|<script\\b${ATTRS}>([\\s\\S]*?)</script\\s*>|<(astro-island|link)\\b${ATTRS}>`,
  "gi",
);

function scanHtml(html, page, warnings) {
  const roots = new Set();
  const inline = { count: 0, raw: 0, gzip: 0, staticImports: [], dynamicImports: [] };
  const addUrl = (value) => {
    const url = resolveUrl(value, page, warnings);
    if (url) roots.add(url);
  };
  for (const m of html.matchAll(HTML_TOKEN)) {
    if (m[2] !== undefined) {
      const attrs = parseAttrs(m[2]);
      if (!JS_SCRIPT_TYPES.has((attrs.type ?? "").trim().toLowerCase())) continue; // JSON, importmap, …
      if (attrs.src !== undefined) {
        addUrl(attrs.src);
      } else if (m[3].trim()) {
        const body = Buffer.from(m[3], "utf8");
        inline.count++;
        inline.raw += body.length;
        inline.gzip += gzipSize(body);
        // Astro's island runtime does `import(this.getAttribute("component-url"))`: those URLs are counted
        // from the <astro-island> attributes, so a non-literal import here is expected, not a warning.
        const imports = scanImports(m[3], page, warnings, { quietNonLiteral: true });
        inline.staticImports.push(...imports.staticImports);
        inline.dynamicImports.push(...imports.dynamicImports);
      }
    } else if (m[4] !== undefined) {
      const attrs = parseAttrs(m[5]);
      if (m[4].toLowerCase() === "astro-island") {
        // `client:interaction` islands load on the visitor's first interaction, not at start: counted as lazy
        // (their code is listed under "lazy", React included, so the cost stays visible).
        const deferred = DEFERRED_DIRECTIVES.has(attrs.client ?? "");
        for (const a of ["component-url", "renderer-url", "before-hydration-url"]) {
          if (!attrs[a]) continue;
          if (deferred) {
            const url = resolveUrl(attrs[a], page, warnings);
            if (url) inline.dynamicImports.push(url);
          } else addUrl(attrs[a]);
        }
      } else if ((attrs.rel ?? "").toLowerCase().split(/\s+/).includes("modulepreload") && attrs.href) {
        addUrl(attrs.href);
      }
    }
  }
  return { roots, inline };
}

function parseAttrs(source) {
  const attrs = {};
  for (const m of source.matchAll(/([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, e) => {
    const named = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

// Minified ESM: `import{a as b}from"./x.js"`, `import x from"./x.js"`, `import*as x from"./x.js"`,
// `import"./x.js"`, `export{a}from"./x.js"`, `export*from"./x.js"`; dynamic `import("./x.js")` or with
// backticks as Rolldown writes it. Not preceded by an identifier character or a dot (obj.import()).
const STATIC_IMPORT = /(?<![\w$.])import\s*(?:[^;"'`()]*?\bfrom\s*)?(["'])([^"'\n]+?)\1/g;
const STATIC_EXPORT = /(?<![\w$.])export\s*(?:\*(?:\s*as\s*[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+?)\1/g;
const DYNAMIC_IMPORT = /(?<![\w$.])import\s*\(\s*(?:(["'`])([^"'`\n]*?)\1\s*[,)])?/g;

function scanImports(code, baseUrl, warnings, { quietNonLiteral = false } = {}) {
  const staticImports = new Set();
  const dynamicImports = new Set();
  for (const re of [STATIC_IMPORT, STATIC_EXPORT]) {
    for (const m of code.matchAll(re)) {
      const url = resolveUrl(m[2], baseUrl, warnings);
      if (url) staticImports.add(url);
    }
  }
  for (const m of code.matchAll(DYNAMIC_IMPORT)) {
    if (m[2] === undefined || m[2].includes("${")) {
      if (!quietNonLiteral) warnings.add(`non-literal dynamic import in ${baseUrl} not followed`);
      continue;
    }
    const url = resolveUrl(m[2], baseUrl, warnings);
    if (url) dynamicImports.add(url);
  }
  return { staticImports: [...staticImports], dynamicImports: [...dynamicImports] };
}

/** Resolve a specifier against the importing page/module URL path; null for bare or cross-origin ones. */
function resolveUrl(spec, baseUrl, warnings) {
  if (!/^(\.{1,2}\/|\/(?!\/))/.test(spec) && !spec.startsWith(ORIGIN)) {
    if (/^(https?:)?\/\//.test(spec)) warnings.add(`external script not counted: ${spec}`);
    else if (/^[@\w][\w@.\/-]*$/.test(spec)) warnings.add(`bare specifier not followed: ${spec} (in ${baseUrl})`);
    return null;
  }
  return new URL(spec, ORIGIN + baseUrl).pathname;
}

function pageUrl(distDir, htmlFile) {
  const rel = "/" + relative(distDir, htmlFile).split(sep).join("/");
  return rel.endsWith("/index.html") ? rel.slice(0, -"index.html".length) : rel;
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const sum = (list, key) => list.reduce((n, x) => n + x[key], 0);
const basename = (url) => url.slice(url.lastIndexOf("/") + 1);
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const fmt = (n) => n.toLocaleString("en-US");

function range(group, key) {
  const values = group.map((r) => r[key]);
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  return lo === hi ? fmt(lo) : `${fmt(lo)}–${fmt(hi)}`;
}
