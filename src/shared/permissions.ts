/**
 * Who may do what (issue 36, decision 0050): one role per user, one table of actions, one `can()` — the server's
 * route hooks and services and the web's sidebar, ⌘K and row actions all read this file, so the admin never shows
 * what the API would refuse.
 */

/** The roles, highest first: a role may grant only roles at or below its own (owners alone grant owner). */
export const ROLES = ['owner', 'admin', 'editor', 'author', 'support', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that work in the back-office (every role but `user`). */
export const STAFF_ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'author', 'support'];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  author: 'Author',
  support: 'Support',
  user: 'User',
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including owners and security settings.',
  admin: 'Everything except managing owners.',
  editor: 'Blog, pages, FAQ, testimonials, banners, campaigns, affiliates and uploads; publishes.',
  author: 'Writes their own posts as drafts and submits them for review.',
  support: 'Inbox, leads (no export or delete) and approving pending users.',
  user: 'The overview and the API tester.',
};

/**
 * The caller a rule is asked about: a user's role, or an API client (`adminClient` for a client flagged admin,
 * `client` for any other) — an API client's rights are set by its admin flag alone.
 */
export type Principal = Role | 'adminClient' | 'client';

const OWNER_ADMIN = ['owner', 'admin'] as const;
const OWNER_ADMIN_CLIENT = ['owner', 'admin', 'adminClient'] as const;
const CONTENT = ['owner', 'admin', 'editor'] as const;
const SUPPORT = ['owner', 'admin', 'support'] as const;

/** Every action a rule decides, and who may take it. */
export const PERMISSIONS = {
  /** Enter the back-office at all (the admin shell). */
  'admin.enter': STAFF_ROLES,
  /** The dashboard's site-wide figures (leads, jots, users). */
  'dashboard.read': OWNER_ADMIN,
  /** Write a blog post of one's own and edit it while it is a draft; submit it for review. */
  'posts.write': ['owner', 'admin', 'editor', 'author'],
  /** Edit or delete anyone's post; publish, schedule, unpublish. */
  'posts.publish': CONTENT,
  /** Pages, FAQ and help video, testimonials, banners, campaigns, affiliates, uploads, blog categories, tags, ads and analytics. */
  'content.manage': CONTENT,
  /** Read leads and their sources; resend the download mail; unsubscribe or subscribe again; retry a Kit sync. */
  'leads.read': SUPPORT,
  /** Export leads as CSV; delete leads. */
  'leads.manage': OWNER_ADMIN,
  /** The feedback and contact inbox. */
  'inbox.manage': SUPPORT,
  /** See users and approve (or revoke) pending accounts. */
  'users.approve': SUPPORT,
  /** Create, edit and delete users; give roles up to one's own (owners only for owner). */
  'users.manage': OWNER_ADMIN,
  /** Make, change or remove an owner. */
  'owners.manage': ['owner'],
  /** Every jot (a user and an API client see their own). */
  'jots.readAll': OWNER_ADMIN_CLIENT,
  /** Search jot records: every jot for owners, admins and admin clients; its own for any other API client. */
  'jots.search': ['owner', 'admin', 'adminClient', 'client'],
  'buildGuids.manage': OWNER_ADMIN_CLIENT,
  'clients.manage': OWNER_ADMIN_CLIENT,
  'audit.read': OWNER_ADMIN,
  /** The e-mail previews. */
  'mail.preview': OWNER_ADMIN,
  /** Webhook endpoints, their secrets and delivery log (issue 41). */
  'webhooks.manage': OWNER_ADMIN,
} as const satisfies Record<string, readonly Principal[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(principal: Principal | null | undefined, permission: Permission): boolean {
  return principal != null && (PERMISSIONS[permission] as readonly Principal[]).includes(principal);
}

/** Every principal that may take an action (the OpenAPI document lists them per operation). */
export function principalsFor(permission: Permission): readonly Principal[] {
  return PERMISSIONS[permission];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The spec's `isAdmin` (spec §5), derived: owners and admins. */
export function isAdminRole(role: Role): boolean {
  return role === 'owner' || role === 'admin';
}

/** Rank for "no role grants a higher role than its own": lower is higher. */
export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/**
 * Whether `actor` may give `target` role `next` (from `current`): managing users at all, never above one's own
 * role, and owners alone touch an owner (as a target or as the role given).
 */
export function canAssignRole(actor: Principal, current: Role, next: Role): boolean {
  if (!can(actor, 'users.manage')) return false;
  if (current === 'owner' || next === 'owner') return can(actor, 'owners.manage');
  if (actor === 'adminClient' || actor === 'client') return roleRank(next) >= roleRank('admin');
  return roleRank(next) >= roleRank(actor);
}

/** A signed-in user's role as the API describes them; an answer without `role` (an older client cache) reads `isAdmin`. */
export function roleOfUser(user: { role?: Role; isAdmin: boolean } | null | undefined): Role | null {
  if (!user) return null;
  return user.role ?? (user.isAdmin ? 'admin' : 'user');
}
