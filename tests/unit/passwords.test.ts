import { describe, expect, it } from "vitest";
import { DUMMY_HASH, hashPassword, verifyPassword } from "~/domain/passwords.server";

describe("password hashing (scrypt)", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const hash = await hashPassword("s3nha-forte");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain("s3nha-forte");
    await expect(verifyPassword("s3nha-forte", hash)).resolves.toBe(true);
    await expect(verifyPassword("s3nha-fraca", hash)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("igual")).not.toBe(await hashPassword("igual"));
  });

  it("rejects malformed stored values and never matches the dummy hash", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
    await expect(verifyPassword("", DUMMY_HASH)).resolves.toBe(false);
  });
});
