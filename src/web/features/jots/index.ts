/** The jots feature's public surface: routes import from here only. */
export { getJotsQueryOptions, type JotsPageRequest, pageRequest, useJots } from './api/get-jots';
export { useSearchJots } from './api/search-jots';
export { useCreateTestJot } from './api/create-test-jot';
export { cut, jotTableProps } from './components/jot-records';
export { JotSearchCard, SEARCH_FIELD_LABELS } from './components/jot-search-card';
