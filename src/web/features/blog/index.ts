/** The public blog (spec §2 Blog): article cards, their meta line, the category filter, likes and ads. Routes import from here only. */
export { AdSlot } from './components/ad-slot';
export { CategoryFilter } from './components/category-filter';
export { LikeButton } from './components/like-button';
export { type ArticlePost, PostArticle } from './components/post-article';
export { PostCard } from './components/post-card';
export { CategoryBadge, PostMeta } from './components/post-meta';
