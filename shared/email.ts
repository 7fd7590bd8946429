/** What every form and the database accept as an email address: something@something.something, no spaces. */
export const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
