import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Spec §9: shown only when a navigation takes longer than 200 ms; creeps towards the end over 5 s. */
export const loadingBarThrottleMs = 200;
export const loadingBarDurationMs = 5000;

type Phase = "idle" | "running" | "finishing";

/** The 2 px bar at the very top of the window while a page is loading. */
export function NavigationLoadingBar() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("running"), loadingBarThrottleMs);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "running" ? "finishing" : "idle"));
    return undefined;
  }, [busy]);

  useEffect(() => {
    if (phase !== "finishing") return undefined;
    const timer = setTimeout(() => setPhase("idle"), 300);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === "idle") return null;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[2px]" data-testid="loading-bar">
      <div
        className="h-full bg-gold-400"
        style={
          phase === "running"
            ? { animation: `loading-bar-grow ${loadingBarDurationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1) forwards` }
            : { width: "100%", opacity: 0, transition: "opacity 300ms ease" }
        }
      />
    </div>
  );
}
