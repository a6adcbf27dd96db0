import { describe, expect, it } from "vitest";
import { withoutAddresses } from "~/infra/logger.server";
import { recipientDomain } from "~/infra/mail.server";

describe("mail log redaction", () => {
  it("keeps only the recipient's domain", () => {
    expect(recipientDomain("Ana.Silva@Empresa.COM.br")).toBe("empresa.com.br");
    expect(recipientDomain("sem-arroba")).toBe("?");
  });

  it("strips the local part of every address inside an SMTP error", () => {
    expect(withoutAddresses("550 5.1.1 <ana@b.com>: Recipient address rejected; also maria.a@b.com.br")).toBe(
      "550 5.1.1 <…@b.com>: Recipient address rejected; also …@b.com.br",
    );
  });
});
