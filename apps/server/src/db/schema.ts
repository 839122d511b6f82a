/**
 * Every table the server owns. better-auth's tables come from @switchboard/auth so the adapter and
 * the migrations read one definition; product tables join them here as they are built.
 */
export * from '@switchboard/auth/schema';
