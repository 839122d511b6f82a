import { describe, expect, it } from 'vitest';
import { githubProvider } from './index';

describe('githubProvider', () => {
  it('talks to github.com by default, asking for the profile and e-mail addresses with PKCE', () => {
    const provider = githubProvider({ clientId: 'id', clientSecret: 'secret' });
    expect(provider).toMatchObject({
      providerId: 'github',
      authorizationUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      scopes: ['read:user', 'user:email'],
      pkce: true,
    });
  });

  it('serves a GitHub Enterprise Server at its own address, with or without a trailing slash', () => {
    const provider = githubProvider({
      clientId: 'id',
      clientSecret: 'secret',
      webUrl: 'https://git.example.com/',
      apiUrl: 'https://git.example.com/api/v3/',
    });
    expect(provider.authorizationUrl).toBe('https://git.example.com/login/oauth/authorize');
    expect(provider.tokenUrl).toBe('https://git.example.com/login/oauth/access_token');
  });
});
