import fs from "node:fs";

/** Nothing to do at run time: the data folder is cleaned by scripts/test.mjs before the server starts. */
export default function globalSetup() {
  if (!fs.existsSync(`${process.env.BUILD_DIR ?? "build"}/server/index.js`))
    throw new Error("Rode `npm run build` antes dos testes de navegador.");
}
