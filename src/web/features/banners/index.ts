/** Site banners (spec §2 banner strip). */
export { BannerStrip } from './components/banner-strip';
