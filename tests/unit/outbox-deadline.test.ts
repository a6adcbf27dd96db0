/**
 * One outbox send's hard deadline (docs/decisions/0110): a send that ends in time is what it is;
 * one that outlives its deadline is aborted and counts as failed once it lets go; one that cannot
 * be aborted is reported as still in flight, so its row stays leased. The lease outlasts a send.
 */
import { describe, expect, it } from "vitest";
import { leaseCoversSend, OUTBOX_TIMING, SendDeadlineError, sendWithDeadline } from "~/infra/mail.server";

const timing = { sendDeadlineMs: 50, abortGraceMs: 50 };
const after = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

describe("sendWithDeadline", () => {
  it("a send done in time is sent; one refused in time is failed with its own error", async () => {
    expect((await sendWithDeadline(() => after(5), timing)).outcome).toEqual({ status: "sent" });
    const refused = new Error("451 tente mais tarde");
    expect((await sendWithDeadline(() => Promise.reject(refused), timing)).outcome).toEqual({ status: "failed", error: refused });
  });

  it("a send past its deadline is aborted and, once it lets go, failed with the deadline as its error", async () => {
    let aborted = false;
    const { outcome } = await sendWithDeadline((signal) => {
      signal.addEventListener("abort", () => (aborted = true));
      return after(10_000, signal);
    }, timing);
    expect(aborted).toBe(true);
    expect(outcome.status).toBe("failed");
    expect(outcome.status === "failed" && outcome.error).toBeInstanceOf(SendDeadlineError);
  });

  it("a send that ignores the abort is still in flight: never reported as failed (its row stays leased)", async () => {
    const { outcome, late } = await sendWithDeadline(() => after(200), timing);
    expect(outcome).toEqual({ status: "in-flight" });
    // It may still finish; the worker then marks it sent if its claim still holds the row.
    expect(await late).toEqual({ status: "sent" });
  });
});

describe("the outbox's timing", () => {
  it("leases a row for longer than its one send can take, deadline and grace included", () => {
    expect(leaseCoversSend(OUTBOX_TIMING)).toBe(true);
    expect(OUTBOX_TIMING.leaseSeconds * 1000).toBeGreaterThan(OUTBOX_TIMING.sendDeadlineMs + OUTBOX_TIMING.abortGraceMs);
    expect(leaseCoversSend({ ...OUTBOX_TIMING, leaseSeconds: 60 })).toBe(false);
  });
});
