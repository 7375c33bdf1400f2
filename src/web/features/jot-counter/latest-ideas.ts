/** A default export of the latest-ideas list, for `React.lazy` (the home page splits it out of its first load). */
export { LatestIdeas as default } from './components/latest-ideas';
