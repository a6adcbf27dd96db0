import type { AddressInfo, Server } from "node:net";

/** Listens on 127.0.0.1 (port 0 = any free port) and returns the port taken. */
export async function listen(server: Pick<Server, "listen" | "address" | "once">, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}
