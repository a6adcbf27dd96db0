import { describe, expect, it } from "vitest";
import { redactUrl } from "~/infra/logger.server";

describe("redactUrl (access log)", () => {
  it.each([
    ["/descadastrar?token=abc.def", "/descadastrar?token=[redacted]"],
    ["/x?a=1&token=abc&b=2", "/x?a=1&token=[redacted]&b=2"],
    ["/payment-success?session_id=cs_test_123", "/payment-success?session_id=[redacted]"],
    ["/admin/privacidade?email=ana%40b.com", "/admin/privacidade?email=[redacted]"],
    ["/admin/privacidade?q=ana@b.com", "/admin/privacidade?q=[redacted]"],
    ["/busca?q=maria+da+silva&x=1", "/busca?q=[redacted]&x=1"],
    ["/api/search?q=ana%40b.com", "/api/search?q=[redacted]"],
    ["/busca?qq=1&faq=2", "/busca?qq=1&faq=2"],
    // A booking's private links and the admin's calendar feed (docs/decisions/0083).
    ["/agendar/reserva/AbC_123-xyz", "/agendar/reserva/[redacted]"],
    ["/agendar/reserva/AbC_123-xyz/convite.ics", "/agendar/reserva/[redacted]/convite.ics"],
    ["/agendar/cancelar/AbC_123", "/agendar/cancelar/[redacted]"],
    ["/agendar/remarcar/AbC_123?dia=2026-12-01", "/agendar/remarcar/[redacted]?dia=2026-12-01"],
    ["/agenda/feed/AbC_123.ics", "/agenda/feed/[redacted]"],
    ["/agendar?dia=2026-12-01", "/agendar?dia=2026-12-01"],
    ["/admin/leads/ana%40empresa.com.br/export", "/admin/leads/[email]/export"],
    ["/blog/um-post?categoria=ia", "/blog/um-post?categoria=ia"],
  ])("%s → %s", (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});
