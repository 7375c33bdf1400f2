/**
 * The User Management screen alone, for its route: through index.ts (which the admin layout reads for ProtectedPage)
 * the screen's table, filter panel and checkboxes went into every admin screen's first load — /admin/blog grew from
 * 233.8 to 255.0 KB gzip, past the 250 KB budget (docs/architecture.md §8), as second-factor/status.ts found before.
 */
export { UsersScreen } from './components/users-screen';
