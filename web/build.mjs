// Bundles the page (src/main.ts) with esbuild into OUT/assets/ and copies index.html: OUT is the
// first argument (build/web), as CMake's target `web` calls it through build.sh.
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const out = process.argv[2] ?? "dist";
mkdirSync(join(out, "assets"), { recursive: true });
await build({
  entryPoints: ["src/main.ts"],
  bundle: true,
  minify: true,
  sourcemap: true,
  target: ["es2020"],
  outfile: join(out, "assets", "main.js"),
  logLevel: "warning",
});
copyFileSync("index.html", join(out, "index.html"));
copyFileSync("src/style.css", join(out, "assets", "style.css"));
