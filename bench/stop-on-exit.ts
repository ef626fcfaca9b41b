/**
 * What a bench started (servers, PostgreSQL clusters, folders) is stopped whatever happens: at the end,
 * at exit, or on Ctrl-C or a kill, which would otherwise skip `finally` and leave them running.
 * Cleanups run newest first, synchronously (they also run from the exit handler).
 */
export function stopOnExit(signalMessage?: string): { cleanups: (() => void)[]; cleanUpNow: () => void } {
  const cleanups: (() => void)[] = [];
  function cleanUpNow() {
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
      try {
        cleanup();
      } catch (error) {
        console.error("cleanup failed:", error);
      }
    }
  }
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      if (signalMessage) console.error(`\n${signal}: ${signalMessage}`);
      cleanUpNow();
      process.exit(code);
    });
  }
  process.once("exit", cleanUpNow);
  return { cleanups, cleanUpNow };
}
