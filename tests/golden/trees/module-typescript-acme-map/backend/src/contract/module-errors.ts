// copied from scaffold 1.7.0 (scaffold/codegen/typescript/runtime_files/module-errors.ts) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
/**
 * The one error body of a module backend: `{"error": true, "message": ...}` (DemoStatusError), the
 * Python module backend's `_contract/errors.py` on Fastify.
 *
 * The contract shows no error responses for module endpoints; scaffold's decision, in the spec, is
 * that every refusal of a module backend (the demo endpoint, the author's own endpoints, unknown
 * paths and methods, an exception in the project's code) answers with this body, so a Widget reads
 * one shape whatever went wrong. An unexpected exception becomes a 500 with an incident id: the
 * stack goes to the request's log under that id, never to the caller (it may name secrets or
 * paths). The texts are every language's module backend's (module-texts.ts, from one table), in
 * English: they name what the caller's developer sent wrong.
 */
import { randomBytes } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { moduleText } from './module-texts.js';

/** The error body every refusal of a module backend answers with. */
export interface ModuleErrorBody {
  readonly error: true;
  readonly message: string;
}

/** 404: no route serves the path. */
export const NOT_FOUND_MESSAGE = moduleText('http.404');
/** 405: a route serves the path, with other methods (the answer's Allow header lists them). */
export const METHOD_NOT_ALLOWED_MESSAGE = moduleText('http.405');

/**
 * Raise in an own endpoint (or the demo) to answer `status` with `{"error": true, message}`.
 *
 * Name the status in the route's `errors` so the conformance test expects it; the message is the
 * caller's to read, in `call.locale`, and must not echo what the caller sent.
 */
export class ModuleError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ModuleError';
  }
}

/** The text of an HTTP error the routes have no sentence of their own for. */
export function httpErrorMessage(status: number): string {
  if (status === 404) {
    return NOT_FOUND_MESSAGE;
  }
  return status === 405 ? METHOD_NOT_ALLOWED_MESSAGE : moduleText('http.other', { status });
}

/** The error body with `message`, which must not echo the request (it may hold secrets). */
export function moduleErrorBody(message: string): ModuleErrorBody {
  return { error: true, message };
}

/** Answer `status` with the error body (and `headers`, such as Retry-After). */
export function sendModuleError(
  reply: FastifyReply,
  status: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): FastifyReply {
  return reply.code(status).headers(headers).send(moduleErrorBody(message));
}

/** 12 hex digits naming one failure in the log and in its answer. */
export function newIncidentId(): string {
  return randomBytes(6).toString('hex');
}

/** The message of a 500: the incident id, and where to look for the rest. */
export function internalErrorMessage(incident: string): string {
  return moduleText('internal', { incident });
}

/**
 * 500 for an unexpected error: the caller gets an incident id, the request's log the error with its
 * stack under the same id (one ERROR line, as the Python backend logs it).
 */
export function sendInternalError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
): FastifyReply {
  const incident = newIncidentId();
  const path = request.url.split('?', 1)[0] ?? request.url;
  request.log.error(
    { err: error, incident },
    `unexpected error (incident ${incident}) on ${request.method} ${path}`,
  );
  return sendModuleError(reply, 500, internalErrorMessage(incident));
}
