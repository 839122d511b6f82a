import type { GenericOAuthConfig } from 'better-auth/plugins';

export interface GithubProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Where users authorise: github.com, or a GitHub Enterprise Server. @default 'https://github.com' */
  webUrl?: string;
  /** The REST API of that GitHub. @default 'https://api.github.com' */
  apiUrl?: string;
}

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string;
}

interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub sign-in as a generic OAuth provider, because better-auth's built-in GitHub provider hard-codes
 * github.com: this one also serves GitHub Enterprise Server (and a local stand-in in tests) through
 * the same code path.
 */
export function githubProvider(options: GithubProviderOptions): GenericOAuthConfig {
  const webUrl = (options.webUrl ?? 'https://github.com').replace(/\/$/, '');
  const apiUrl = (options.apiUrl ?? 'https://api.github.com').replace(/\/$/, '');
  return {
    providerId: 'github',
    name: 'GitHub',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authorizationUrl: `${webUrl}/login/oauth/authorize`,
    tokenUrl: `${webUrl}/login/oauth/access_token`,
    scopes: ['read:user', 'user:email'],
    pkce: true,
    async getUserInfo(tokens) {
      const headers = {
        authorization: `Bearer ${tokens.accessToken}`,
        accept: 'application/vnd.github+json',
        'user-agent': 'Switchboard',
      };
      const profileResponse = await fetch(`${apiUrl}/user`, { headers });
      if (!profileResponse.ok) return null;
      const profile = (await profileResponse.json()) as GithubUser;
      let email = profile.email;
      let emailVerified = false;
      const emailsResponse = await fetch(`${apiUrl}/user/emails`, { headers });
      if (emailsResponse.ok) {
        const emails = (await emailsResponse.json()) as GithubEmail[];
        const primary = emails.find((entry) => entry.primary) ?? emails[0];
        if (primary) {
          email = primary.email;
          emailVerified = primary.verified;
        }
      }
      if (!email) return null;
      return {
        id: String(profile.id),
        name: profile.name ?? profile.login,
        email,
        image: profile.avatar_url,
        emailVerified,
      };
    },
  };
}
