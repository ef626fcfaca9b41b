import { ProgressLayout, ProgressLayoutError } from "../components/progress-layout";

/** Spec §2: the dashboard shows the progress indicator full (100 %). */
export const dashboardLayoutProgress = 100;

export default function DashboardLayout() {
  return <ProgressLayout progress={dashboardLayoutProgress} />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <ProgressLayoutError progress={dashboardLayoutProgress} error={error} />;
}
