import type { HookContext, Row } from '../shared/hook-context';
import { isRecord } from '../shared/hook-context';
import { normalizeUserCode } from './user-code';

/** The user code a verification call names: `?user_code=` on GET /device, `userCode` in the body else. */
export function enteredCode(ctx: HookContext): string | undefined {
  const source = ctx.path === '/device' ? ctx.query : ctx.body;
  const value = isRecord(source) ? (ctx.path === '/device' ? source.user_code : source.userCode) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The device code a user code stands for, or null when none does. */
export async function findByUserCode(ctx: HookContext, code: string): Promise<Row | null> {
  const userCode = normalizeUserCode(code);
  if (userCode === '') return null;
  return ctx.context.adapter.findOne<Row>({
    model: 'deviceCode',
    where: [{ field: 'userCode', value: userCode }],
  });
}
