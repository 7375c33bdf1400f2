/** Site banners (spec §2 banner strip, Banners admin). */
export { BannerStrip, BannerView } from './components/banner-strip';
export { getBannersQueryOptions, useBanners, useDeleteBanner } from './api/admin-banners';
