import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_HASH, DEMO_ADMIN_PASSWORD } from "~/db/seed.server";
import { DUMMY_HASH, hashPassword, needsRehash, PASSWORD_PARAMS, verifyPassword } from "~/infra/passwords.server";

/** A hash as the previous code wrote it (N=2^14), to check old rows still verify. */
function legacyHash(password: string, N = 16384): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N, r: 8, p: 1 });
  return ["scrypt", N, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

// Each hash is ~0.35 s of one core and 128 MiB, two at a time: more than the default 5 s on a busy machine.
describe("password hashing (scrypt)", { timeout: 60_000 }, () => {
  it("hashes at N=2^17, r=8, p=1 with the parameters stored in the hash", async () => {
    const hash = await hashPassword("s3nha-forte");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(PASSWORD_PARAMS).toMatchObject({ N: 131072, r: 8, p: 1 });
    expect(hash).not.toContain("s3nha-forte");
    await expect(verifyPassword("s3nha-forte", hash)).resolves.toBe(true);
    await expect(verifyPassword("s3nha-fraca", hash)).resolves.toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("igual")).not.toBe(await hashPassword("igual"));
  });

  it("verifies hashes made with the old parameters and asks for a rehash", async () => {
    const old = legacyHash("antiga");
    await expect(verifyPassword("antiga", old)).resolves.toBe(true);
    await expect(verifyPassword("outra", old)).resolves.toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("runs many hashes at once without running out of scrypt memory", async () => {
    // More than the two concurrent slots: the queue must hand every slot on.
    const hashes = await Promise.all(Array.from({ length: 3 }, (_, i) => hashPassword(`senha-${i}`)));
    await expect(Promise.all(hashes.map((h, i) => verifyPassword(`senha-${i}`, h)))).resolves.toEqual([true, true, true]);
  });

  it("rejects malformed or absurd stored values and never matches the dummy hash", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
    await expect(verifyPassword("x", "scrypt$3$8$1$AAAA$AAAA")).resolves.toBe(false); // N not a power of two
    await expect(verifyPassword("x", `scrypt$${2 ** 30}$8$1$AAAA$AAAA`)).resolves.toBe(false); // 128 GiB
    await expect(verifyPassword("", DUMMY_HASH)).resolves.toBe(false);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  it("the seed's kept hash of the demo password is that password's, at today's parameters", async () => {
    await expect(verifyPassword(DEMO_ADMIN_PASSWORD, DEMO_ADMIN_HASH)).resolves.toBe(true);
    await expect(verifyPassword(`${DEMO_ADMIN_PASSWORD}4`, DEMO_ADMIN_HASH)).resolves.toBe(false);
    expect(needsRehash(DEMO_ADMIN_HASH)).toBe(false);
  });
});
