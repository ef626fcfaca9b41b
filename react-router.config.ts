import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  // Typed router context (createContext / context.get) instead of AppLoadContext (decision 016).
  future: { v8_middleware: true },
} satisfies Config;
