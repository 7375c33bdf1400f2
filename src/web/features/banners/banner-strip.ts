/** A default export for `React.lazy`: the banner strip hydrates after the first load (DESIGN §8 JS budget). */
export { BannerStrip as default } from './components/banner-strip';
