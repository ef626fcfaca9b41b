import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "build",
  future: {
    // Typed router context (createContext / context.get) instead of AppLoadContext (decision 016).
    v8_middleware: true,
    // Loaders, actions and middleware get the request as it came, not two copies of it (two
    // `new URL` and two `new Request` per loader, 3–5 % of an uncached page's CPU). Its URL is
    // then the raw one (`/de/events.data?_routes=…`, `?index`): the path and search they act on
    // come from their normalized `url` argument, never from `request.url` (decision 063).
    v8_passThroughRequests: true,
  },
} satisfies Config;
