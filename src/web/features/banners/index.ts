/** Site banners (spec §2 banner strip, Banners admin). */
export { BannerStrip, BannerView } from './components/banner-strip';
export { getBannersQueryOptions, useBanners, useDeleteBanner } from './api/admin-banners';
export { BannerFormDialog } from './components/banner-form-dialog';
export { BannerCard, DeleteBannerDialog } from './components/banner-cards';
