// catalogue-js: the JavaScript of the two catalogue pages issue 4 names, the agent's /en/visa and the admin's
// /en/admin/visa-list, in gzip bytes (what travels), from the same measurement as js-size: eager = what the page
// runs on load (scripts, islands and their static imports); lazy = dynamic imports it may fetch later.
import { measureJsSize } from "./js-size.mjs";

export const CATALOGUE_PAGES = ["/en/visa/", "/en/admin/visa-list/"];

export async function measureCatalogueJs({ distDir }) {
  const rows = await measureJsSize({ distDir });
  return CATALOGUE_PAGES.map((page) => {
    const row = rows.find((r) => r.page === page);
    if (!row) throw new Error(`${page} is not in the build (dist/)`);
    const biggest = [...row.detail.eager].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
    return {
      page,
      eagerFiles: row.eagerFiles,
      eagerRaw: row.eagerRaw,
      eagerGzip: row.eagerGzip,
      lazyGzip: row.lazyGzip,
      biggest: biggest.map(({ name, gzip }) => ({ name, gzip })),
    };
  });
}

const fmt = (n) => n.toLocaleString("en-US");
const base = (url) => url.slice(url.lastIndexOf("/") + 1);

export function formatCatalogueJsMarkdown(rows) {
  const out = [
    "## JavaScript of the catalogue pages",
    "",
    "Gzip level 9 bytes, measured on `dist/` as js-size does (eager = loaded at start; lazy = dynamic imports).",
    "",
    "| Page | Eager files | Eager raw | Eager gzip | Lazy gzip | Largest eager files (gzip) |",
    "|---|--:|--:|--:|--:|---|",
  ];
  for (const r of rows) {
    out.push(
      `| \`${r.page}\` | ${r.eagerFiles} | ${fmt(r.eagerRaw)} | **${fmt(r.eagerGzip)}** | ${fmt(r.lazyGzip)} | ` +
        `${r.biggest.map((b) => `${base(b.name)} ${fmt(b.gzip)}`).join(", ")} |`,
    );
  }
  return out.join("\n") + "\n";
}
