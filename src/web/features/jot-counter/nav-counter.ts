/** Default exports for `React.lazy`: the live counters hydrate after the first load (DESIGN §8 JS budget). */
export { NavCounter as default } from './components/live-counter';
