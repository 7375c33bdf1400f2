import { index, type RouteConfig, route } from '@react-router/dev/routes';

/** Every route of the spec's route table (§2), plus e-mail confirmation and blog posts. */
export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('confirm-email', 'routes/confirm-email.tsx'),
  route('overview', 'routes/overview.tsx'),
  route('api-tester', 'routes/api-tester.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('about', 'routes/about.tsx'),
  route('help', 'routes/help.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('share-it', 'routes/share-it.tsx'),
  route('feedback', 'routes/feedback.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('admin', 'routes/admin/dashboard.tsx'),
  route('admin/leads', 'routes/admin/leads.tsx'),
  route('admin/blog', 'routes/admin/blog.tsx'),
  route('admin/faq', 'routes/admin/faq.tsx'),
  route('admin/users', 'routes/admin/users.tsx'),
  route('admin/jots', 'routes/admin/jots.tsx'),
  route('admin/build-guids', 'routes/admin/build-guids.tsx'),
  route('admin/banners', 'routes/admin/banners.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
