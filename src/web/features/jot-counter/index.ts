/** The live jot counter and latest ideas (spec §2 home social proof, navigation counter). */
export { jotCountQueryOptions } from './api/get-jot-count';
export { LatestIdeas } from './components/latest-ideas';
export { LiveCounter, NavCounter } from './components/live-counter';
