import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * Every page route: the spec's route table (§2), e-mail confirmation, unsubscribe and subscription confirmation (issue
 * 24), blog posts, campaign landings (`/c/:slug`), affiliate links (`/go/:id`), content pages (`/p/:slug`), and the
 * back-office inside its own layout (issue 26). "spec §N" means docs/product-spec.md.
 */
export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('confirm-email', 'routes/confirm-email.tsx'),
  route('staff-invite', 'routes/staff-invite.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  route('confirm-subscription', 'routes/confirm-subscription.tsx'),
  route('overview', 'routes/overview.tsx'),
  route('account/security', 'routes/account-security.tsx'),
  route('api-tester', 'routes/api-tester.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('about', 'routes/about.tsx'),
  route('help', 'routes/help.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('share-it', 'routes/share-it.tsx'),
  route('feedback', 'routes/feedback.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('privacy/analytics', 'routes/privacy-analytics.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  // The back-office: one layout (its frame and gate) around every admin screen (issue 26).
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/leads', 'routes/admin/leads.tsx'),
    route('admin/analytics', 'routes/admin/analytics.tsx'),
    route('admin/blog', 'routes/admin/blog.tsx'),
    // The post editor is a view of its own (decision 0072): one module for a new post and an existing one.
    route('admin/blog/new', 'routes/admin/blog-editor.tsx', { id: 'routes/admin/blog-new' }),
    route('admin/blog/:id/edit', 'routes/admin/blog-editor.tsx', { id: 'routes/admin/blog-edit' }),
    route('admin/faq', 'routes/admin/faq.tsx'),
    route('admin/users', 'routes/admin/users.tsx'),
    route('admin/jots', 'routes/admin/jots.tsx'),
    route('admin/build-guids', 'routes/admin/build-guids.tsx'),
    route('admin/banners', 'routes/admin/banners.tsx'),
    route('admin/inbox', 'routes/admin/inbox.tsx'),
    route('admin/audit', 'routes/admin/audit.tsx'),
    route('admin/webhooks', 'routes/admin/webhooks.tsx'),
    route('admin/emails', 'routes/admin/emails.tsx'),
    route('admin/campaigns', 'routes/admin/campaigns.tsx'),
    route('admin/affiliates', 'routes/admin/affiliates.tsx'),
    route('admin/testimonials', 'routes/admin/testimonials.tsx'),
    route('admin/pages', 'routes/admin/pages.tsx'),
    route('admin/security', 'routes/admin/security.tsx'),
    route('admin/api-tester', 'routes/admin/api-tester.tsx'),
  ]),
  route('c/:slug', 'routes/campaign.tsx'),
  route('go/:id', 'routes/go.tsx'),
  route('p/:slug', 'routes/content-page.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
