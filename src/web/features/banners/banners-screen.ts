/** The Site Banners screen alone, for its route (its list and dialogs stay out of what other routes read). */
export { BannersScreen } from './components/banners-screen';
