/** The admin dashboard's figures: routes import from here only. */
export { adminStatsQueryKey, getAdminStatsQueryOptions, useAdminStats } from './api/get-admin-stats';
