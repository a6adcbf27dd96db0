// The "static-file limit" of the load test: express.static serving the saved responses of our
// pages, in its own process (like our server), so the two are measured the same way.
// Usage: node bench/lib/static-server.mjs <dir> <port>
import express from "express";

const [dir, port] = process.argv.slice(2);
const app = express();
app.disable("x-powered-by");
app.use(express.static(dir, { index: false, extensions: ["html", "json"] }));
const server = app.listen(Number(port), "127.0.0.1", (error) => {
  if (error) {
    console.error(error.message);
    process.exit(1);
  }
  console.log(`static pronto ${port}`);
});
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
