import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, apiKeyMetadataOf, isApiKeyToken } from './metadata';

describe('isApiKeyToken', () => {
  it('tells keys from session tokens by the prefix', () => {
    expect(isApiKeyToken(`${API_KEY_PREFIX}abc`)).toBe(true);
    expect(isApiKeyToken('a-session-token.signature')).toBe(false);
  });
});

describe('apiKeyMetadataOf', () => {
  it('reads the JSON text the plugin stores, and objects as they are', () => {
    expect(apiKeyMetadataOf('{"organizationId":"org-1","agentName":"backend-dev"}')).toEqual({
      organizationId: 'org-1',
      agentName: 'backend-dev',
    });
    expect(apiKeyMetadataOf({ organizationId: 'org-1', agentName: '' })).toEqual({ organizationId: 'org-1' });
  });

  it('has no metadata without an organization, or for text that is not JSON', () => {
    expect(apiKeyMetadataOf('{not json')).toBeNull();
    expect(apiKeyMetadataOf({ agentName: 'backend-dev' })).toBeNull();
    expect(apiKeyMetadataOf(null)).toBeNull();
    expect(apiKeyMetadataOf(['org-1'])).toBeNull();
  });
});
