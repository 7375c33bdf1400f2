/** A default export for `React.lazy`: the home page's live counter hydrates after the first load. */
export { LiveCounter as default } from './components/live-counter';
