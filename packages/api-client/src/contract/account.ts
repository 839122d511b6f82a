/**
 * The sizes of what a person types about themselves, checked by the auth routes before anything is
 * stored or looked up: an address longer than any mailbox can have (RFC 5321 allows 254 characters)
 * or a runaway name is refused with a message naming the field.
 */
export const ACCOUNT_LIMITS = {
  emailMaxLength: 254,
  nameMaxLength: 100,
} as const;
