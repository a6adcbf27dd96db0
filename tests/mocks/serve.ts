/**
 * `npm run dev:mocks`: the development server wired to the same local stand-ins the tests use
 * (SMTP, chat assistant, Stripe), so every path can be tried without third-party accounts.
 * Messages sent by the outbox are printed here; the Stripe checkout opens a local payment page.
 */
import { spawn } from "node:child_process";
import { startFakeChat } from "./chat";
import { startFakeSmtp } from "./smtp";
import { startFakeStripe } from "./stripe";

const base = Number(process.env.MOCKS_PORT ?? 4010);
const [smtp, chat, stripe] = await Promise.all([startFakeSmtp(base), startFakeChat(base + 1), startFakeStripe(base + 2)]);
console.log(`SMTP ${smtp.url} · assistente ${chat.url} · Stripe ${stripe.url}`);

smtp.onMessage((raw) => console.log(`\n--- e-mail ${smtp.received.length} ---\n${raw}`));

const app = spawn(process.execPath, ["server.js", "--dev"], {
  stdio: "inherit",
  env: {
    ...process.env,
    SMTP_URL: smtp.url,
    CHAT_API_URL: chat.url,
    CHAT_API_KEY: process.env.CHAT_API_KEY ?? "chave-local",
    CHAT_ASSISTANT_ID: process.env.CHAT_ASSISTANT_ID ?? "assistente-local",
    STRIPE_API_BASE: stripe.url,
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? "sk_test_local",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => app.kill(signal));
app.on("exit", async (code) => {
  await Promise.all([smtp.close(), chat.close(), stripe.close()]);
  process.exit(code ?? 0);
});
