/**
 * The demo's fixed ids and logins, named by tests, benchmarks and the start-up banner. The seed that
 * writes them runs one layer up, through the back office's verbs: server/seed/seed-if-empty.ts.
 */
export { demoAccounts } from "./demo";
export { seedIds } from "./demo/ids";
