/** A default export for `React.lazy`: the banner strip hydrates after the first load (docs/architecture.md §8 JS budget). */
export { BannerStrip as default } from './components/banner-strip';
