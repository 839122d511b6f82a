import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_RULES, rateLimitRules } from './index';

describe('rateLimitRules', () => {
  it('limits sign-in and sign-up per minute, everything else generously', () => {
    expect(rateLimitRules()).toEqual(RATE_LIMIT_RULES);
    expect(RATE_LIMIT_RULES.max).toBeGreaterThan(RATE_LIMIT_RULES.customRules['/sign-in/*'].max);
  });

  it('takes another sign-in allowance for both sign-in and sign-up, keeping the one-minute window', () => {
    expect(rateLimitRules(5).customRules).toEqual({
      '/sign-in/*': { window: 60, max: 5 },
      '/sign-up/*': { window: 60, max: 5 },
    });
  });
});
