/** The staff roles (public.role_permissions): each opens the back office, with its own screens. */
export const STAFF_ROLES = ['admin', 'agent', 'editor', 'guide'] as const;

export const hasBackOffice = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);
