import { REVIEW_MAX_BYTES, REVIEW_REQUEST_MAX_BYTES } from '@switchboard/api-client/contract';
import { API_BASE_PATH } from '@switchboard/api-client/paths';
import { formatBytes } from '@switchboard/architecture';
import type { MiddlewareHandler } from 'hono';
import { limitBodySize } from './body-limit';
import { errorResponse } from './errors';

const MAX_BODY_BYTES = 1024 * 1024;
/**
 * A template upload carries up to 2 MB of files, JSON-escaped; the engine refuses anything over its
 * own limits with words that say which, so this only keeps a runaway upload from being read whole.
 */
const MAX_TEMPLATE_BODY_BYTES = 4 * 1024 * 1024;
const TEMPLATE_WRITE_PATH = new RegExp(`^${API_BASE_PATH}/templates(/[^/]+)?$`);
/**
 * Where a review may arrive: the REST review route and the MCP endpoint. Their limit is the contract's,
 * made so that any review within the review size limit gets through and is then refused or read by the
 * review itself (an MCP client gets a tool error with advice, never an HTTP 413 it cannot read).
 */
const REVIEW_PATH = new RegExp(`^${API_BASE_PATH}/(mcp|rule-sets/[^/]+/review)$`);
/** GitHub sends webhook payloads of up to 25 MB (and no larger); a push of many commits comes near. */
const MAX_WEBHOOK_BODY_BYTES = 25 * 1024 * 1024;
const WEBHOOK_PATH = new RegExp(`^${API_BASE_PATH}/webhooks/github/[^/]+$`);

/**
 * Each request's body limit, chosen by its path: templates, reviews and GitHub's deliveries carry more
 * than the 1 MB every other request may, and each refusal says which limit it met.
 */
export function limitBodySizeByPath(): MiddlewareHandler {
  const defaultBodyLimit = limitBodySize(MAX_BODY_BYTES, (c) =>
    errorResponse(c, 'PAYLOAD_TOO_LARGE', 'The request is larger than 1 MB.'),
  );
  const templateBodyLimit = limitBodySize(MAX_TEMPLATE_BODY_BYTES, (c) =>
    errorResponse(
      c,
      'PAYLOAD_TOO_LARGE',
      'The request is larger than 4 MB; a template may hold at most 2 MB of files (1,000 files).',
    ),
  );
  const reviewBodyLimit = limitBodySize(REVIEW_REQUEST_MAX_BYTES, (c) =>
    errorResponse(
      c,
      'PAYLOAD_TOO_LARGE',
      `The request is larger than ${formatBytes(REVIEW_REQUEST_MAX_BYTES)}; a review reads at most ${formatBytes(REVIEW_MAX_BYTES)} (content and diff together).`,
    ),
  );
  const webhookBodyLimit = limitBodySize(MAX_WEBHOOK_BODY_BYTES, (c) =>
    errorResponse(c, 'PAYLOAD_TOO_LARGE', 'The delivery is larger than 25 MB, more than GitHub ever sends.'),
  );
  return (c, next) => {
    const path = c.req.path;
    if (TEMPLATE_WRITE_PATH.test(path)) return templateBodyLimit(c, next);
    if (WEBHOOK_PATH.test(path)) return webhookBodyLimit(c, next);
    return (REVIEW_PATH.test(path) ? reviewBodyLimit : defaultBodyLimit)(c, next);
  };
}
