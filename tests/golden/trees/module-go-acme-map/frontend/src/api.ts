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
