/** The public blog (spec §2 Blog): article cards, their meta line and the category filter. Routes import from here only. */
export { CategoryFilter } from './components/category-filter';
export { PostCard } from './components/post-card';
export { CategoryBadge, PostMeta } from './components/post-meta';
