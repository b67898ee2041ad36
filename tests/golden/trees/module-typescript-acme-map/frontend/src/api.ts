// Calls to this module's backend (seeded once; yours to edit).
//
// The Widget runs on the platform's page, so it calls the module backend through the platform's
// proxy (same origin, no CORS); the platform adds Accept-Language and moduleContext, the saved
// module settings, which the backend may use (and which the browser never sees decrypted).
import { proxyPath } from './contract';
import type { DemoStatusResponse } from './contract';

export async function postDemoStatus(
  moduleId: string,
  payload: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<DemoStatusResponse> {
  const response = await fetch(proxyPath(moduleId, 'api/v1/demo/status'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payload }),
    signal,
  });
  if (!response.ok) {
    throw new Error(`The module backend answered ${response.status}`);
  }
  return (await response.json()) as DemoStatusResponse;
}

/**
 * A secret typed into your Settings (an API key, a password), encrypted by this module's own
 * backend so the platform saves, shows and sends back only an `enc:v1:` token: the backend decrypts
 * it in moduleContext before your endpoints read it (README, "Secrets in the module's settings").
 * `name` is the settings property that will hold the token (it decrypts there only). Call it when
 * the field is done (on blur or on save), then pass the token to onChange in place of the value.
 */
export async function encryptSecret(
  moduleId: string,
  name: string,
  value: string,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch(proxyPath(moduleId, 'api/v1/secrets'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ payload: { name, value } }),
    signal,
  });
  if (!response.ok) {
    throw new Error(`The module backend answered ${response.status}`);
  }
  const answer = (await response.json()) as { value?: unknown };
  if (typeof answer.value !== 'string') {
    throw new Error('The module backend answered no encrypted value');
  }
  return answer.value;
}
