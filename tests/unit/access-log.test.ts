import { describe, expect, it } from "vitest";
import { redactUrl } from "~/infra/logger.server";

describe("redactUrl (every logged address: docs/decisions/0110)", () => {
  it.each([
    // No query string at all: neither its values nor its names.
    ["/descadastrar?token=abc.def", "/descadastrar"],
    ["/x?a=1&token=abc&b=2", "/x"],
    ["/payment-success?session_id=cs_test_123", "/payment-success"],
    ["/admin/privacidade?email=ana%40b.com", "/admin/privacidade"],
    ["/busca?q=maria+da+silva&x=1", "/busca"],
    ["/api/contact?utm_source=news&ref=Maria", "/api/contact"],
    ["/?Maria%20Silva", "/"],
    ["/sobre#equipe", "/sobre"],
    // A booking's private links and the admin's calendar feed (docs/decisions/0083).
    ["/agendar/reserva/AbC_123-xyz", "/agendar/reserva/[redacted]"],
    ["/agendar/reserva/AbC_123-xyz/convite.ics", "/agendar/reserva/[redacted]/convite.ics"],
    ["/agendar/cancelar/AbC_123", "/agendar/cancelar/[redacted]"],
    ["/agendar/remarcar/AbC_123?dia=2026-12-01", "/agendar/remarcar/[redacted]"],
    ["/agenda/feed/AbC_123.ics", "/agenda/feed/[redacted]"],
    // A post's preview link (docs/decisions/0060).
    ["/previa/AbC_123?x=1", "/previa/[redacted]"],
    ["/agendar?dia=2026-12-01", "/agendar"],
    ["/admin/leads/ana%40empresa.com.br/export", "/admin/leads/[email]/export"],
    ["/blog/um-post?categoria=ia", "/blog/um-post"],
  ])("%s → %s", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });

  it("a path of any length is cut to a bound", () => {
    expect(redactUrl(`/${"a".repeat(10_000)}`).length).toBeLessThanOrEqual(300);
  });
});
