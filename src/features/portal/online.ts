// Uploads, password and account changes need a connection; the hook is shared with other features.
export { useOnline } from '@/lib/online.ts';
