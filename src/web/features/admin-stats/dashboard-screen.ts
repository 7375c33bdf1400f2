/**
 * The dashboard screen alone, for its route: index.ts is read by the admin layout (the sidebar's counts), so the
 * screen's cards and charts stay out of every other admin screen's first load (docs/architecture.md §8).
 */
export { DashboardScreen } from './components/dashboard-screen';
