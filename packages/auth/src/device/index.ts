import { deviceAuthorization } from 'better-auth/plugins';
import { type DeviceLoginOptions, deviceLoginGuard } from './guard';
import {
  DEVICE_CLIENT_IDS,
  DEVICE_CODE_LIFETIME_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  generateUserCode,
  USER_CODE_LENGTH,
} from './user-code';

export { DEVICE_CODE_LIFETIME_SECONDS, USER_CODE_ALPHABET, WRONG_CODE_LIMIT } from './user-code';

/** better-auth's device authorization plugin as Switchboard configures it, with the guard before it. */
export function deviceLogin(options: DeviceLoginOptions) {
  const clients: readonly string[] = DEVICE_CLIENT_IDS;
  return [
    deviceLoginGuard(options),
    deviceAuthorization({
      expiresIn: `${DEVICE_CODE_LIFETIME_SECONDS}s`,
      interval: `${options.pollIntervalSeconds ?? DEVICE_POLL_INTERVAL_SECONDS}s`,
      userCodeLength: USER_CODE_LENGTH,
      generateUserCode,
      validateClient: (clientId) => clients.includes(clientId),
      verificationUri: options.verificationUri,
    }),
  ] as const;
}
