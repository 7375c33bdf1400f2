/** Default exports for `React.lazy`: the live counters hydrate after the first load (docs/architecture.md §8 JS budget). */
export { NavCounter as default } from './components/live-counter';
