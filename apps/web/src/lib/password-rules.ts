/** The server's password bounds (better-auth's emailAndPassword options), checked before sending. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
