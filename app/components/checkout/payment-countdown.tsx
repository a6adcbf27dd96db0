/**
 * SPEC §4/§9: the payment-success page moves on to /produtos after a 5-second countdown, which
 * waits while the visitor is using the page and can be stopped. An eager
 * island (app/components/island.tsx): it counts from the moment the page's script runs. Without
 * JavaScript the page's <meta http-equiv="refresh"> does the same (app/root.tsx, NoScriptRefresh).
 */
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Home, ShoppingBag } from "~/components/ui/icons";
import { paymentMessages as m } from "~/lib/messages/payments";
import { Link } from "~/lib/navigation";

export const COUNTDOWN_SECONDS = 5;
const NEXT_PAGE = "/produtos";
/** The countdown waits while the visitor uses the page, and this long after their last touch, key or scroll. */
export const PAUSE_AFTER_USE_MS = 4_000;
const USE_EVENTS = ["pointerdown", "keydown", "wheel", "scroll", "touchmove"] as const;

export function PaymentCountdown({ seconds: from }: { seconds: number }) {
  const [seconds, setSeconds] = useState(from);
  const [stopped, setStopped] = useState(false);
  const [paused, setPaused] = useState(false);

  // A person reading or about to tap is never taken away mid-gesture (WCAG 2.2.1: adjustable timing).
  useEffect(() => {
    if (stopped) return;
    let resume: ReturnType<typeof setTimeout> | undefined;
    const use = () => {
      setPaused(true);
      clearTimeout(resume);
      resume = setTimeout(() => setPaused(false), PAUSE_AFTER_USE_MS);
    };
    for (const type of USE_EVENTS) addEventListener(type, use, { capture: true, passive: true });
    return () => {
      clearTimeout(resume);
      for (const type of USE_EVENTS) removeEventListener(type, use, { capture: true });
    };
  }, [stopped]);

  useEffect(() => {
    if (stopped || paused) return;
    if (seconds <= 0) {
      window.location.assign(NEXT_PAGE);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, stopped, paused]);

  return (
    <>
      <p className="mt-8 text-sm text-muted-foreground" data-testid="countdown">
        {stopped ? m.redirectStopped : paused ? m.countdownPaused(Math.max(seconds, 0)) : m.countdown(Math.max(seconds, 0))}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/">
            <Home aria-hidden />
            {m.goHome}
          </Link>
        </Button>
        <Button asChild>
          <Link to={NEXT_PAGE}>
            <ShoppingBag aria-hidden />
            {m.goProducts}
          </Link>
        </Button>
      </div>
      {!stopped && (
        // WCAG 2.2.1: a time limit the visitor can turn off.
        <Button variant="link" size="sm" className="mt-3" onClick={() => setStopped(true)}>
          {m.stayHere}
        </Button>
      )}
    </>
  );
}
