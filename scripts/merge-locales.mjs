// git merge driver for locales/*.json (configured by scripts/setup-git.mjs): two branches that each add keys
// merge without a conflict. Keys of ours keep their order; theirs' new keys follow; a key both sides changed keeps ours.
// Usage (git): node scripts/merge-locales.mjs %O %A %B — writes the result to %A.
import { readFileSync, writeFileSync } from "node:fs";

const [base, ours, theirs] = process.argv.slice(2).map((file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
});
const out = { ...ours };
for (const [key, value] of Object.entries(theirs)) {
  const oursChanged = ours[key] !== base[key];
  if (!(key in ours) && key in base) continue; // we deleted it
  if (!oursChanged || !(key in out)) out[key] = value;
}
for (const key of Object.keys(base)) if (!(key in theirs) && ours[key] === base[key]) delete out[key]; // they deleted it
writeFileSync(process.argv[3], `${JSON.stringify(out, null, 2)}\n`);
